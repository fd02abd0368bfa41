"""The figures of ``zecklab plot``: each returns a :class:`Figure`, shown as SVG in a notebook."""

import os
from typing import List


from . import _zecklab


class Figure:
    """One figure: ``name``, ``title``, ``caption``, ``svg`` (the document), and the numbers drawn
    (``columns`` and ``rows``)."""

    def __init__(self, data: dict):
        self.name: str = data["name"]
        self.title: str = data["title"]
        self.caption: str = data["caption"]
        self.svg: str = data["svg"]
        self.columns: List[str] = data["columns"]
        self.rows: List[List[float]] = data["rows"]

    def _repr_svg_(self) -> str:
        return self.svg

    def png(self) -> bytes:
        """The figure as PNG (rendered with the figures' own font)."""
        return _zecklab.render_png(self.svg)

    def save(self, path: "str | os.PathLike[str]") -> None:
        """Writes the figure as SVG or PNG, by the file's extension, atomically."""
        path = os.fspath(path)
        extension = os.path.splitext(path)[1].lower()
        if extension == ".svg":
            data = self.svg.encode()
        elif extension == ".png":
            data = self.png()
        else:
            raise ValueError(f"cannot tell the format of '{path}': name it .svg or .png")
        directory = os.path.dirname(os.path.abspath(path))
        import tempfile

        # An existing file keeps its permissions; a new one gets what the umask allows (0644
        # under the usual 022), as the command line's files do: a temporary file is made 0600.
        try:
            mode = os.stat(path).st_mode & 0o7777
        except FileNotFoundError:
            mode = 0o666 & ~_umask()
        with tempfile.NamedTemporaryFile(dir=directory, delete=False, prefix=".zecklab-") as f:
            try:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
                os.chmod(f.name, mode)
            except BaseException:
                f.close()
                os.unlink(f.name)
                raise
            temporary = f.name
        os.replace(temporary, path)

    def __repr__(self) -> str:
        return f"<zecklab figure {self.name}: {self.title}>"


def _umask() -> int:
    """The process's umask, read without changing it where the system says it (Linux), else by
    setting and restoring it."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except OSError:
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _figure(name: str, size: int, k: int = 2, misere: bool = False, rules: "str | None" = None) -> Figure:
    return Figure(_zecklab.figure(name, size, k, misere, rules))


def nim_reach(heap: int, k: int = 2, misere: bool = False) -> Figure:
    """The positions reachable from a heap, by cap (Fibonacci Nim)."""
    return _figure("nim-reach", heap, k, misere)


def nim_census(to: int, k: int = 2, misere: bool = False) -> Figure:
    """The census of winning openings for heaps up to ``to``."""
    return _figure("nim-census", to, k, misere)


def nim_thresholds(to: int, k: int = 2, misere: bool = False) -> Figure:
    """The least winning cap of every heap up to ``to``."""
    return _figure("nim-thresholds", to, k, misere)


def nim_grundy(to: int, k: int = 2, misere: bool = False) -> Figure:
    """Grundy values of Fibonacci Nim up to heap ``to``."""
    return _figure("nim-grundy", to, k, misere)


def wythoff_grundy(size: int) -> Figure:
    """Grundy values of Wythoff's game on a ``size`` x ``size`` board."""
    return _figure("wythoff-grundy", size)


def zgame_growth(to: int) -> Figure:
    """Positions and P-positions of the Zeckendorf game by n, up to ``to``."""
    return _figure("zgame-growth", to)


def zgame_lengths(n: int) -> Figure:
    """The length distribution of the game on ``n`` under random play."""
    return _figure("zgame-lengths", n)


def zgame_random(to: int) -> Figure:
    """Random play's figures by n, up to ``to``."""
    return _figure("zgame-random", to)


def zgame_grundy(to: int) -> Figure:
    """Grundy values of the Zeckendorf game's starts, up to ``to``."""
    return _figure("zgame-grundy", to)


def zgame_rule_curve(to: int = 30) -> Figure:
    """The complexity curve of learned Player 2 rules: for each N, the nodes of the rule learned to
    win every n from 3 to N, the decisions it reaches, and the smallest strategies summed."""
    return _figure("zgame-rule-curve", to)


def zgame_minimal(to: int = 40) -> Figure:
    """Player 2's smallest strategy of all (an exact search per n) against the smallest greedy
    construction and the game's P-positions, up to ``to`` (40, or 60 in a build with CBC)."""
    return _figure("zgame-minimal", to)


def zgame_certificates(to: int) -> Figure:
    """Player 2's certificates by n, up to ``to``."""
    return _figure("zgame-certificates", to)


def zgame_p_structure(to: int) -> Figure:
    """The structure of the P-positions by n, up to ``to``."""
    return _figure("zgame-p-structure", to)


def zgame_p_largest(to: int) -> Figure:
    """The P-fraction by largest part, up to ``to``."""
    return _figure("zgame-p-largest", to)


def family_winners(to: int, rules: str = "all") -> Figure:
    """Who wins each (c, k) game of the family up to ``to``, for a rule set."""
    return _figure("family-winners", to, rules=rules)

"""Answers: dicts that show themselves in a notebook (a table of moves coloured and labelled as
in the explorer: winning moves first, a text badge with each value, so colour is never the only
cue)."""

import html as _html
from typing import Any


def _badge(outcome: Any, remoteness: Any) -> str:
    if outcome is None:
        return ""
    word = _html.escape(str(outcome))
    detail = "" if remoteness is None else f" {remoteness}"
    colour = {"win": "#1a7f37", "loss": "#b3261e"}.get(str(outcome), "#555")
    return (
        f'<span style="border:1px solid {colour};color:{colour};border-radius:3px;'
        f'padding:0 4px;font-size:90%">{word}{detail}</span>'
    )


def _cell(value: Any) -> str:
    text = str(value)
    if len(text) > 120:
        text = text[:57] + "…" + text[-57:]
    return _html.escape(text)


class Answer(dict):
    """One answer: a plain ``dict`` (``json.dumps`` gives the command line's JSON, with big
    integers as numbers) that renders as an HTML table in a notebook."""

    def _repr_html_(self) -> str:
        rows = []
        for key, value in self.items():
            if key in ("moves", "line", "winning_moves", "components", "distribution", "tiers"):
                continue
            rows.append(f"<tr><th style='text-align:left'>{_html.escape(key)}</th><td>{_cell(value)}</td></tr>")
        parts = [f"<table>{''.join(rows)}</table>"]
        moves = self.get("moves")
        if isinstance(moves, list) and moves:
            parts.append(_moves_html(moves))
        winning = self.get("winning_moves")
        if isinstance(winning, list) and winning and not moves:
            listed = ", ".join(_cell(m if not isinstance(m, dict) else m.get("move")) for m in winning[:50])
            more = f" … ({len(winning)} in all)" if len(winning) > 50 else ""
            parts.append(f"<p><b>Winning moves:</b> {listed}{more}</p>")
        return "".join(parts)


def _moves_html(moves: list) -> str:
    groups = {"Winning moves": [], "Losing moves": []}
    for m in moves:
        winning = m.get("winning", m.get("outcome") == "loss")
        groups["Winning moves" if winning else "Losing moves"].append(m)
    out = []
    for title, group in groups.items():
        if not group:
            continue
        rows = "".join(
            f"<tr><td>{_cell(m.get('move'))}</td><td>{_cell(m.get('to'))}</td>"
            f"<td>{_badge(m.get('outcome'), m.get('remoteness'))}</td></tr>"
            for m in group[:200]
        )
        more = f"<p>… {len(group) - 200} more</p>" if len(group) > 200 else ""
        out.append(
            f"<p><b>{title}</b> ({len(group)})</p><table><tr><th>move</th><th>to</th>"
            f"<th>value for the player then to move</th></tr>{rows}</table>{more}"
        )
    return "".join(out)

'use strict';
// The Zeckendorf game page: the position as columns of tokens, every move best first, the
// optimal line, the figures of the whole game, and play against perfect play.

(() => {
  const { api, el, $, guard, fmt } = Z;
  const FIB = [1, 2];
  while (FIB.length < 90) FIB.push(FIB[FIB.length - 1] + FIB[FIB.length - 2]);

  /** The member of the family this page plays, from its URL: the API parameters that name it. */
  const variant = (() => {
    const p = Z.params();
    const v = {};
    if (p.get('recurrence')) v.recurrence = p.get('recurrence');
    if (p.get('rules')) v.rules = p.get('rules');
    if (p.get('misere') === '1') v.misere = 1;
    if (p.get('reversed') === '1') return { reversed: 1 };
    if (p.get('variant') === 'ordered') return { variant: 'ordered' };
    return v;
  })();
  const isVariant = Object.keys(variant).length > 0;
  /** The ordered game: positions are lists of values in order, moves act on neighbours. */
  const ordered = variant.variant === 'ordered';

  /** The text form used in URLs: parts separated by `_`. */
  const urlForm = (position) => position.trim().split(/\s+/).join('_');

  /**
   * A position as the page writes it: parts by value, smallest first, each with its count
   * (`1^2 2^1 3^2`), in the game and in every member of its family alike (the family's answers
   * write `3^2 2 1^2`); an ordered position as it is.
   */
  const show = (position) => (ordered ? position
    : [...parts(position)].sort(([a], [b]) => a - b).map(([part, count]) => `${part}^${count}`).join(' '));

  /** `1^3 2^2 5^7` as a map from part to count. */
  function parts(position) {
    const counts = new Map();
    for (const piece of position.trim().split(/\s+/)) {
      const [part, count] = piece.split('^');
      counts.set(Number(part), Number(count ?? 1));
    }
    return counts;
  }

  /** An ordered position as a row of boxes, left to right, each with its value. */
  function drawOrdered(answer) {
    const values = answer.position.trim().split(/\s+/).map(Number);
    const box = 40, gap = 6, height = 70;
    const width = values.length * (box + gap) + 10;
    const svg = $('board');
    svg.replaceChildren();
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    svg.setAttribute('width', Math.min(620, width));
    svg.setAttribute('aria-label', `the list ${values.join(', ')}, in order from the left`);
    values.forEach((v, i) => {
      const x = 5 + i * (box + gap);
      svg.append(
        el('rect', { x, y: 10, width: box, height: box, rx: 5, fill: '#1d3557' }),
        el('text', { x: x + box / 2, y: 35, 'text-anchor': 'middle', 'font-size': 15, 'font-weight': 600, fill: '#ffffff', text: fmt(v) }),
        el('text', { x: x + box / 2, y: 64, 'text-anchor': 'middle', 'font-size': 10, fill: '#5b6475', text: `${i + 1}` }),
      );
    });
  }

  function drawBoard(answer) {
    if (ordered) return drawOrdered(answer);
    const counts = parts(answer.position);
    const n = answer.n;
    // A member of the family names its own terms; the game's are the Fibonacci numbers.
    const columns = answer.terms ?? FIB.filter((f) => f <= n);
    const shown = Math.min(14, Math.max(1, ...counts.values()));
    const colWidth = 46, token = 15, top = 16, height = top + shown * token + 46;
    const svg = $('board');
    svg.replaceChildren();
    svg.setAttribute('viewBox', `0 0 ${columns.length * colWidth + 10} ${height}`);
    svg.setAttribute('width', Math.min(620, columns.length * colWidth + 10));
    columns.forEach((f, i) => {
      const count = counts.get(f) ?? 0;
      const cx = 10 + i * colWidth + colWidth / 2 - 5;
      const base = height - 34;
      svg.append(el('line', { x1: cx - 18, x2: cx + 18, y1: base + 2, y2: base + 2, stroke: '#9aa4b5' }));
      for (let t = 0; t < Math.min(count, shown); t++) {
        svg.append(el('circle', { cx, cy: base - 6 - t * token, r: 6.5, fill: '#1d3557' }));
      }
      if (count > shown) svg.append(el('text', { x: cx, y: top - 3, 'text-anchor': 'middle', 'font-size': 11, fill: '#b3261e', text: `+${count - shown}` }));
      svg.append(
        el('text', { x: cx, y: base + 16, 'text-anchor': 'middle', 'font-size': 12, 'font-weight': 600, fill: '#1d2433', text: fmt(f) }),
        el('text', { x: cx, y: base + 29, 'text-anchor': 'middle', 'font-size': 10, fill: '#5b6475', text: count ? `×${count}` : `${answer.terms ? 'G' : 'F'}${i + 1}` }),
      );
    });
  }

  const figures = new Map();
  async function showFigures(n) {
    $('fig-n').textContent = n;
    if (!figures.has(n)) {
      figures.set(n, api('/api/zgame/solve', { n, ...variant }));
      // A game not stored is solved on demand: say so while it is.
      $('figures').replaceChildren();
      $('figures-note').textContent = `Solving the game on n = ${fmt(n)}…`;
    }
    const f = await figures.get(n).catch((e) => ({ error: e.message }));
    const box = $('figures');
    // An answer refused (a game too large to solve here) is said in plain words, not as a figure.
    $('figures-note').textContent = f.error ?? '';
    if (f.error) {
      box.replaceChildren();
      return;
    }
    box.dataset.winner = f.winner;
    box.replaceChildren(
      el('div', {}, el('dt', { text: 'positions' }), el('dd', { id: 'fig-positions', text: fmt(f.positions) })),
      el('div', {}, el('dt', { text: 'P-positions' }), el('dd', { id: 'fig-p', text: fmt(f.p_positions) })),
      el('div', {}, el('dt', { text: 'winner from 1^n' }), el('dd', { id: 'fig-winner', text: f.winner === 'P1' ? 'Player 1' : 'Player 2' })),
      el('div', {}, el('dt', { text: 'remoteness of the start' }), el('dd', { text: f.remoteness ?? 'not computed' })),
    );
  }

  /** The reversed game's winner and the winning coalitions of the chosen number of players. */
  async function showRelatives(n) {
    $('rel-n').textContent = n;
    if (isVariant) {
      // The reversed game and the coalitions are the Zeckendorf game's relatives: said in a
      // sentence with a link, not in the places of their values.
      const panel = $('relatives-panel');
      for (const part of panel.querySelectorAll('dl, form, ul, p.source')) part.hidden = true;
      if (!$('rel-note')) panel.append(el('p', { id: 'rel-note' }));
      $('rel-note').replaceChildren('The reversed game and the coalitions of several players are solved for the Zeckendorf game itself: ',
        el('a', { href: Z.pageUrl({ n }, '/zgame') }, `see them on n = ${fmt(n)}`), '.');
      return;
    }
    const players = Number($('coal-players').value);
    const [reversed, coalitions] = await Promise.all([
      api('/api/zgame/solve', { n, reversed: 1 }).catch((e) => ({ error: e.message })),
      api('/api/zgame/coalitions', { n, players }).catch((e) => ({ error: e.message })),
    ]);
    $('rev-winner').textContent = reversed.error ?? (reversed.winner === 'P1' ? 'Player 1' : 'Player 2');
    $('rev-remoteness').textContent = reversed.error ? '' : reversed.remoteness;
    const list = $('coalitions');
    list.dataset.n = n;
    list.dataset.players = players;
    if (coalitions.error) {
      list.replaceChildren(el('li', { text: coalitions.error }));
      return;
    }
    list.replaceChildren(
      ...coalitions.coalitions.map((c) => {
        const name = `{${c.members.join(', ')}}`;
        return el('li', { class: c.wins ? 'wins' : 'loses', 'data-members': c.members.join(','), 'data-wins': String(c.wins),
          text: `${name}: ${c.wins ? 'wins' : 'cannot force a win'}` });
      }),
    );
  }

  /** The optimal line from the position shown, as a table of plies (each position a link). */
  function showLine(answer, hidden) {
    const table = $('line');
    const note = (text) => {
      table.replaceChildren();
      $('line-note').textContent = text;
    };
    if (hidden) {
      // The line is the best moves: it would give the game away while the player plays.
      note('Hidden while you play: it shows once the game is over.');
      return;
    }
    if (answer.line === undefined) {
      // A position of a game link read as a whole comes without its line: asked for when shown.
      note('Finding the line…');
      api('/api/zgame/position', { p: urlForm(answer.position), line: 1, ...variant })
        .then((full) => {
          answer.line = full.line ?? null;
          if (game.current()?.answer === answer) showLine(answer, false);
        })
        .catch((e) => note(e.message));
      return;
    }
    if (answer.line === null || answer.line === undefined) {
      note('Unknown: this table holds no remoteness.');
      return;
    }
    if (!answer.line.length) {
      note('The game is over.');
      return;
    }
    // Plies counted on from the game shown, Player 1 moving first from its start.
    const ply = game.history.length - 1;
    const rows = answer.line.map((s, i) => Z.plyRow(ply + i + 1, game.mover(ply + i), el('a', {
      href: Z.pageUrl({ p: urlForm(s.to), ...variant }, '/zgame'),
    }, moveWords(s.move)), show(s.to), Z.valueWords({ winning: s.outcome === 'loss', remoteness: s.remoteness })));
    table.replaceChildren(Z.plyHead(), el('tbody', {}, ...rows));
    $('line-note').textContent = '';
  }

  /** The values of the terms of the game shown (a member of the family names its own). */
  let terms = FIB;

  /**
   * A move in the board's notation, by value ("2 + 2 → 1 + 3"), with the paper's notation
   * ("{F2 ∧ F2 -> F1 ∧ F3}") on hover.
   */
  function moveText(move) {
    return el('span', { class: 'move-text', title: move, text: moveWords(move) });
  }

  /**
   * A move by value, as text ("2 + 2 → 1 + 3"), from the paper's notation or from the family's
   * (`2^2 -> 1 3`, parts by value).
   */
  function moveWords(move) {
    if (!ordered && !move.startsWith('{')) {
      const side = (text) => text.trim().split(/\s+/).flatMap((piece) => {
        const [part, count] = piece.split('^');
        const copies = Number(count ?? 1);
        const value = /^\d+$/.test(part) ? fmt(Number(part)) : part;
        return copies <= 8 ? Array(copies).fill(value) : [`${copies} × ${value}`];
      }).join(' + ');
      const [from, to] = move.split('->');
      return to === undefined ? move : `${side(from)} → ${side(to)}`;
    }
    return move.replace(/^\{|\}$/g, '')
      .replace(/[FG](\d+)/g, (_, i) => fmt(terms[Number(i) - 1] ?? `?`))
      .replace(/ ∧ /g, ' + ')
      .replace(/->/g, '→');
  }

  /** Whether the visitor asked to see the analysis while playing. */
  let analysisShown = false;

  const game = new Z.Game({
    load: (position) => api('/api/zgame/position', { p: urlForm(position), line: 1, ...variant }),
    // No game to show (a bad first position): no panel about one.
    empty: () => {
      for (const id of ['figures-panel', 'relatives-panel', 'analysis-note']) $(id).hidden = true;
    },
    loadGame: (position, tokens) => api('/api/zgame/game', { p: urlForm(position), m: tokens.join('.'), line: 1, ...variant }),
    draw: (answer, g) => {
      terms = answer.terms ?? FIB;
      drawBoard(answer);
      const playing = g.computer !== 0 && answer.moves.length > 0;
      showLine(answer, playing);
      // While the visitor plays, the figures of the game (who wins from the start) and its
      // relatives would give the game away: hidden until the game ends or they are asked for.
      const hidden = playing && !analysisShown;
      for (const id of ['figures-panel', 'relatives-panel']) $(id).hidden = hidden;
      $('analysis-note').hidden = !hidden;
      if (!hidden) {
        showFigures(answer.n);
        if ($('rel-n').textContent !== String(answer.n)) showRelatives(answer.n);
      }
      $('ask-p').value = show(answer.position);
    },
    url: (position) => ({ p: urlForm(position), ...variant }),
    label: (m) => [moveText(m.move), `: ${show(m.to)}`],
    // The command that prints this answer, with the member of the family the page plays.
    cite: (answer) => {
      const flags = `${ordered ? ' --ordered' : ''}${variant.reversed ? ' --reversed' : ''}${variant.recurrence ? ` --recurrence ${variant.recurrence}` : ''}`
        + `${variant.rules ? ` --rules ${variant.rules}` : ''}${variant.misere ? ' --misere' : ''} --line`;
      return {
        command: `zecklab zgame position '${answer.position}'${flags} --json`,
        api: Z.pageUrl({ ...(ordered || variant.reversed ? variant : {}), p: urlForm(answer.position), line: 1, ...(ordered || variant.reversed ? {} : variant) }, '/api/zgame/position'),
        source: answer.source === 'store' ? "this server's store of solved games"
          : 'solved on demand by this server (the command solves it again, or reads the store)',
      };
    },
    show,
    // The member of the family, as the server named it in the heading: in the window's title too.
    titleName: $('title').dataset.name || '',
    name: (m) => (ordered ? m.move : moveWords(m.move)),
    lastMoverWins: !variant.misere,
    // What a position is, after an error about one (the server's error pages say the same).
    explain: (message) => (!message.startsWith('invalid p: ') ? message : ordered
      ? `${message.replace(/^invalid p: /, '')}. Write an ordered position as its values from left to right, such as 1 2 1 3, `
        + 'or a number n for n ones.'
      : `${message.replace(/^invalid p: /, '')}. Write a position as its parts with their counts, `
        + 'such as 1^3 2^2 5^7 (three 1s, two 2s and seven 5s), or a number n for the start of the game on n.'),
  });

  /** The game on n's first position: n ones, or in the reversed game n's Zeckendorf representation. */
  function firstPosition(n) {
    if (!variant.reversed) return `1^${n}`;
    const parts = [];
    for (let rest = n, i = FIB.length - 1; i >= 0; i--) {
      if (FIB[i] <= rest) {
        parts.unshift(`${FIB[i]}^1`);
        rest -= FIB[i];
      }
    }
    return parts.join(' ');
  }

  function startFrom(text, computer, tokens = [], at = null) {
    // The box keeps what was typed until a position is read from it.
    $('ask-p').value = (text || '').replace(/_/g, ' ');
    const t = (text || '').trim();
    // The ordered game's server reads a number as n ones itself.
    const position = /^\+?\d+$/.test(t) && !ordered ? firstPosition(Number(t.replace('+', ''))) : t.replace(/_/g, ' ');
    return game.start(position, computer, tokens, at);
  }

  // Choosing another member of the family starts its game on the same n.
  $('recurrence').value = ordered ? 'ordered' : (variant.recurrence ?? '');
  $('rules').value = variant.rules ?? '';
  $('misere').checked = variant.misere === 1;
  // The server wrote the game's heading, rules and note; the form names the game chosen.
  if (ordered || variant.reversed) {
    $('rules').disabled = true;
    $('misere').disabled = true;
  }
  for (const id of ['recurrence', 'rules', 'misere']) {
    $(id).addEventListener('change', () => {
      const n = $('fig-n').textContent || '10';
      const query = new URLSearchParams({ n });
      if ($('recurrence').value === 'ordered') {
        query.set('variant', 'ordered');
        location.search = query.toString();
        return;
      }
      if ($('recurrence').value) query.set('recurrence', $('recurrence').value);
      if ($('rules').value) query.set('rules', $('rules').value);
      if ($('misere').checked) query.set('misere', '1');
      location.search = query.toString();
    });
  }

  $('show-analysis').addEventListener('click', () => {
    analysisShown = true;
    game.render({ restoring: true });
  });
  // A new choice of who plays hides the analysis again.
  $('play').addEventListener('change', () => { analysisShown = false; });

  $('coal-players').addEventListener('change', () => guard(() => showRelatives(Number($('rel-n').textContent))));

  $('ask').addEventListener('submit', (e) => {
    e.preventDefault();
    const asked = $('ask-p').value.trim();
    if (/^\+?\d+$/.test(asked) && !ordered) {
      $('position').replaceChildren(el('span', { class: 'who', text: `Solving the game on n = ${fmt(Number(asked.replace('+', '')))}…` }));
    }
    guard(() => startFrom($('ask-p').value, game.computer));
  });

  const params = Z.params();
  const start = params.get('p') ?? (params.get('n') ?? '10');
  const { tokens, at } = Z.Game.fromUrl(params);
  startFrom(start, Z.Game.human(params), tokens, at);
})();

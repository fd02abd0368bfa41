'use strict';
// The Wythoff page: a clickable board with the P-positions marked and the Grundy values as
// colours, every move best first, the winning moves explained in Zeckendorf digits, and play.

(() => {
  const { api, el, $, guard, long } = Z;
  const params = Z.params();
  const boards = new Map();
  let limits = null;

  const split = (position) => {
    const [a, b] = position.split(',');
    return { a, b };
  };

  async function board(size) {
    if (!boards.has(size)) boards.set(size, api('/api/wythoff/board', { size }));
    return boards.get(size);
  }

  const colour = (g, most) => (g === 0 ? '#1d3557' : `hsl(${(200 + (g / Math.max(most, 1)) * 160) % 360}, 65%, ${82 - (g / Math.max(most, 1)) * 30}%)`);

  /** Whether the page is as narrow as a phone's: the board then shows a window around the position. */
  const narrow = () => window.matchMedia('(max-width: 600px)').matches;

  async function drawBoard(answer, game) {
    const svg = $('board');
    limits = limits || await api('/api/limits', {});
    const { a, b } = split(answer.position);
    const x = Number(a), y = Number(b);
    const size = Math.max(12, Math.max(x, y) + 3);
    if (!(a.length < 4 && b.length < 4) || size > limits.wythoff_board_limit) {
      svg.replaceChildren();
      svg.classList.add('empty');
      $('board-legend').replaceChildren();
      $('board-note').textContent = `The board is drawn for heaps below ${limits.wythoff_board_limit - 2}.`;
      return;
    }
    const data = await board(size);
    svg.classList.remove('empty');
    const most = Math.max(...data.grundy.flat());
    // On a phone, a window of 13 rows and columns around the position, in cells large enough to
    // read and tap; elsewhere the whole board.
    const span = narrow() ? Math.min(size, 13) : size;
    const first = (v) => Math.max(0, Math.min(size - span, v - Math.floor(span / 2)));
    const [r0, c0] = [first(x), first(y)];
    const cell = Math.max(narrow() ? 22 : 9, Math.min(24, Math.floor(520 / span)));
    const pad = 24;
    svg.replaceChildren();
    svg.setAttribute('viewBox', `0 0 ${pad + span * cell + 4} ${pad + span * cell + 4}`);
    svg.setAttribute('width', pad + span * cell + 4);
    svg.setAttribute('aria-label', `the board: rows are heap a, columns heap b, rows ${r0} to ${r0 + span - 1} and columns ${c0} to ${c0 + span - 1} shown`);
    const explore = game.computer === 0;
    const targets = new Map(answer.moves.map((m) => [m.to, m]));
    const step = span > 30 ? 5 : 1;
    for (let i = 0; i < span; i++) {
      if ((i + r0) % step === 0) svg.append(el('text', { x: pad - 4, y: pad + i * cell + cell / 2 + 3, 'font-size': 9, 'text-anchor': 'end', fill: '#5b6475', text: i + r0 }));
      if ((i + c0) % step === 0) svg.append(el('text', { x: pad + i * cell + cell / 2, y: 14, 'font-size': 9, 'text-anchor': 'middle', fill: '#5b6475', text: i + c0 }));
    }
    for (let r = r0; r < r0 + span; r++) {
      for (let c = c0; c < c0 + span; c++) {
        const g = data.grundy[r][c];
        const move = targets.get(`${r},${c}`);
        const [cx, cy] = [pad + (c - c0) * cell, pad + (r - r0) * cell];
        const rect = el('rect', {
          x: cx, y: cy, width: cell - 1, height: cell - 1, fill: colour(g, most),
          class: move ? 'board-cell target' : 'board-cell', 'data-cell': `${r},${c}`, 'data-grundy': g,
        }, el('title', { text: `(${r}, ${c}): Grundy value ${g}${g === 0 ? ', a P-position' : ''}` }));
        if (!move) {
          svg.append(rect);
          continue;
        }
        // A move's cell is a link with its own name; exploring, a winning one is marked by a
        // thick ring and a star (not colour alone), a losing one by a thin dashed ring.
        const winning = explore && move.winning;
        const name = `${takeWords(move)}, to (${r}, ${c})${explore ? `: ${Z.valueWords(move)}` : ''}`;
        const link = el('svg:a', {
          href: Z.pageUrl({ a: r, b: c }), class: 'board-move', 'data-winning': explore ? String(move.winning) : null,
          'aria-label': name, onclick: (e) => { e.preventDefault(); game.clicked(move); },
        }, rect);
        link.append(el('rect', {
          x: cx + 1, y: cy + 1, width: cell - 3, height: cell - 3, fill: 'none', 'pointer-events': 'none',
          stroke: winning ? '#ffd60a' : explore ? '#b3261e' : '#1d2433', 'stroke-width': winning ? 3 : 1,
          'stroke-dasharray': winning ? null : '2 2',
        }));
        if (winning) {
          link.append(el('text', { x: cx + cell / 2 - 0.5, y: cy + cell / 2 + cell * 0.22, 'font-size': cell * 0.7, 'text-anchor': 'middle',
            fill: '#ffd60a', stroke: '#1d2433', 'stroke-width': 0.6, 'pointer-events': 'none', 'aria-hidden': 'true', text: '★' }));
        }
        svg.append(link);
      }
    }
    if (x >= r0 && x < r0 + span && y >= c0 && y < c0 + span) {
      svg.append(el('circle', { cx: pad + (y - c0) * cell + cell / 2 - 0.5, cy: pad + (x - r0) * cell + cell / 2 - 0.5, r: cell / 2.6, fill: '#f4a261', stroke: '#000' }));
    }
    // The legend of the colours: the Grundy values 0 to the largest shown, in even steps.
    const shown = [...new Set([0, 1, 2, 3, 4].map((q) => Math.round((q * most) / 4)))];
    $('board-legend').replaceChildren(el('span', { text: 'Grundy value:' }),
      ...shown.map((g) => el('span', { class: 'swatch' }, el('span', { class: 'chip', style: null, 'data-grundy': g }), String(g))));
    for (const chip of $('board-legend').querySelectorAll('.chip')) chip.style.background = colour(Number(chip.dataset.grundy), most);
    $('board-note').textContent = 'Rows are heap a, columns heap b. The darkest cells are the P-positions (Grundy value 0). '
      + 'The orange token is the position; ringed cells are its moves'
      + `${explore ? ' (★ and a thick yellow ring: winning; dashed red ring: losing)' : ''}. Click one, or Tab to it and press Enter, to move.`;
  }

  function explain(answer) {
    const { a, b } = split(answer.position);
    // Each line is a list of text and numbers; long numbers show their ends and a "show all".
    const lines = [
      ['a = ', long(a), ' has numeral ', long(answer.numeral_a, 80), '; by the digit rule its partner is ', long(answer.partner_a), '.'],
      ['b = ', long(b), ' has numeral ', long(answer.numeral_b, 80), '; by the digit rule its partner is ', long(answer.partner_b), '.'],
    ];
    if (answer.outcome === 'loss') {
      lines.push(answer.position === '0,0' ? ['Both heaps are empty: the player to move has lost.']
        : ['(', long(a), ', ', long(b), ') pairs partners: a P-position, lost for the player to move.']);
    } else {
      for (const [p, q] of answer.winning_moves) {
        const why = p === a ? ['keep a = ', long(a), ' and cut b to its partner ', long(q)]
          : q === b ? ['keep b = ', long(b), ' and cut a to its partner ', long(p)]
            : ['take ', long(String(BigInt(a) - BigInt(p))), ' from both, reaching the P-position with difference ',
              long(String(BigInt(q) - BigInt(p) >= 0n ? BigInt(q) - BigInt(p) : BigInt(p) - BigInt(q)))];
        lines.push(['Winning: move to (', long(p), ', ', long(q), '): ', ...why, '.']);
      }
    }
    $('explain').replaceChildren(...lines.map((parts) => el('li', {}, ...parts)));
  }

  const game = new Z.Game({
    load: (position) => {
      const { a, b } = split(position);
      return api('/api/wythoff/position', { a, b });
    },
    draw: (answer, g) => {
      explain(answer);
      drawBoard(answer, g).catch((e) => Z.showError(e.message));
    },
    url: (position) => split(position),
    cite: (answer) => {
      const { a, b } = split(answer.position);
      return { command: `zecklab wythoff solve ${a} ${b} --json`, api: Z.pageUrl({ a, b }, '/api/wythoff/solve') };
    },
    label: (m) => `${takeWords(m)} → (${m.to.replace(',', ', ')})`,
    name: takeWords,
    lastMoverWins: true,
  });

  /** A move in words: "3 from a", "2 from both". */
  function takeWords(m) {
    const [which, t] = m.move.split(' ');
    return `${t} from ${which === 'd' ? 'both' : which}`;
  }

  const a = (params.get('a') || '10').trim(), b = (params.get('b') || '20').trim();
  $('ask-a').value = a;
  $('ask-b').value = b;
  $('ask').addEventListener('submit', (e) => {
    e.preventDefault();
    location.search = new URLSearchParams({ a: $('ask-a').value.trim(), b: $('ask-b').value.trim() }).toString();
  });
  guard(async () => {
    const first = Z.writtenAnswer('/api/wythoff/position') ?? await api('/api/wythoff/position', { a, b });
    const { tokens, at } = Z.Game.fromUrl(params);
    await game.start(first.position, Z.Game.human(params), tokens, at);
  });
})();

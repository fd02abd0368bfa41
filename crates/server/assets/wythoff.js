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

  async function drawBoard(answer, game) {
    const svg = $('board');
    limits = limits || await api('/api/limits', {});
    const { a, b } = split(answer.position);
    const x = Number(a), y = Number(b);
    const size = Math.max(12, Math.max(x, y) + 3);
    if (!(a.length < 4 && b.length < 4) || size > limits.wythoff_board_limit) {
      svg.replaceChildren();
      svg.classList.add('empty');
      $('board-note').textContent = `The board is drawn for heaps below ${limits.wythoff_board_limit - 2}.`;
      return;
    }
    const data = await board(size);
    svg.classList.remove('empty');
    const most = Math.max(...data.grundy.flat());
    const cell = Math.max(9, Math.min(22, Math.floor(520 / size)));
    const pad = 22;
    svg.replaceChildren();
    svg.setAttribute('viewBox', `0 0 ${pad + size * cell + 4} ${pad + size * cell + 4}`);
    svg.setAttribute('width', pad + size * cell + 4);
    const targets = new Map(answer.moves.map((m) => [m.to, m]));
    for (let i = 0; i < size; i += size > 30 ? 5 : 1) {
      svg.append(el('text', { x: pad + i * cell + cell / 2, y: 14, 'font-size': 9, 'text-anchor': 'middle', fill: '#5b6475', text: i }));
      svg.append(el('text', { x: pad - 4, y: pad + i * cell + cell / 2 + 3, 'font-size': 9, 'text-anchor': 'end', fill: '#5b6475', text: i }));
    }
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) {
        const g = data.grundy[r][c];
        const move = targets.get(`${r},${c}`);
        const rect = el('rect', {
          x: pad + c * cell, y: pad + r * cell, width: cell - 1, height: cell - 1, fill: colour(g, most),
          class: move ? 'board-cell target' : 'board-cell', 'data-cell': `${r},${c}`, 'data-grundy': g,
          stroke: move ? (move.winning ? '#1b7f3b' : '#b3261e') : 'none', 'stroke-width': move ? 1.5 : 0,
          onclick: move ? () => game.clicked(move) : null,
        }, el('title', { text: `(${r}, ${c}): Grundy value ${g}${g === 0 ? ', a P-position' : ''}${move ? `; move ${move.move}` : ''}` }));
        svg.append(rect);
      }
    }
    svg.append(el('circle', { cx: pad + y * cell + cell / 2 - 0.5, cy: pad + x * cell + cell / 2 - 0.5, r: cell / 2.6, fill: '#f4a261', stroke: '#000' }));
    $('board-note').textContent = 'Rows are heap a, columns heap b. Dark cells are the P-positions (Grundy value 0); the other colours are the Grundy values. The orange token is the position; outlined cells are its moves (green: winning). Click one to move.';
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
    label: (m) => {
      const [which, t] = m.move.split(' ');
      const from = which === 'd' ? 'both' : which;
      return `${t} from ${from} → (${m.to.replace(',', ', ')})`;
    },
    lastMoverWins: true,
  });

  const a = (params.get('a') || '10').trim(), b = (params.get('b') || '20').trim();
  $('ask-a').value = a;
  $('ask-b').value = b;
  $('ask').addEventListener('submit', (e) => {
    e.preventDefault();
    location.search = new URLSearchParams({ a: $('ask-a').value.trim(), b: $('ask-b').value.trim() }).toString();
  });
  guard(async () => {
    const first = await api('/api/wythoff/position', { a, b });
    const { tokens, at } = Z.Game.fromUrl(params);
    await game.start(first.position, Z.Game.human(params), tokens, at);
  });
})();

'use strict';
// The Fibonacci Nim page: the position and every take coloured by its value, the numeral whose
// smallest term is the winning take, the position index of opening heaps, reach, and play.

(() => {
  const { api, el, $, guard, fmt, long, foldedList } = Z;
  const params = Z.params();
  const rules = {
    k: (params.get('k') || '2').trim(),
    misere: params.get('misere') === '1' || params.get('misere') === 'true' ? 1 : 0,
  };

  const split = (position) => {
    const [heap, cap] = position.split('/');
    return { heap, cap };
  };

  async function load(position) {
    if (position === 'end') {
      // The last counter is gone: in normal play the player to move has lost, in misère won.
      return { position: 'end', outcome: rules.misere ? 'win' : 'loss', remoteness: 0, moves: [], terms: [], suffix_sums: [] };
    }
    const { heap, cap } = split(position);
    return api('/api/nim/position', { heap, cap, k: rules.k, misere: rules.misere || undefined });
  }

  /** The answer in one line, right under the status: the winning take (explore mode only). */
  function drawAnswer(answer, explore) {
    const box = $('answer');
    const takes = answer.winning_moves || [];
    box.hidden = !explore || answer.position === 'end' || !answer.moves.length;
    box.replaceChildren(...(takes.length
      ? ['Winning take: ', el('b', {}, long(takes.join(', '), 60)), takes.length > 1 ? ' (any of these)' : '']
      : ['No take wins here: every take leaves the opponent a win.']));
  }

  function drawHeap(answer) {
    const box = $('heap-picture');
    if (answer.position === 'end') {
      box.replaceChildren(el('p', { text: 'The heap is empty.' }));
      return;
    }
    const heap = answer.heap;
    const picture = heap.length <= 3 && Number(heap) <= 150
      ? el('p', { class: 'dots', 'aria-label': `${heap} counters`, text: '●'.repeat(Number(heap)) })
      : null;
    // (replaceChildren would print a missing picture as the word "null".)
    box.replaceChildren(
      el('p', {}, `Heap `, el('b', {}, long(heap)), `, the next take at most `, el('b', {}, long(answer.cap)),
        `; k = ${answer.k}, ${answer.misere ? 'misère' : 'normal'} play.`),
      ...(picture ? [picture] : []),
    );
  }

  function drawNumeral(answer) {
    const box = $('numeral');
    if (!answer.terms || !answer.terms.length) {
      box.replaceChildren(el('p', { text: answer.position === 'end' ? 'No counters left.' : 'One counter left: it must be taken.' }));
      return;
    }
    const winning = new Set(answer.winning_moves || []);
    const of = answer.misere ? 'heap − 1' : 'the heap';
    const last = answer.terms.length - 1;
    const takes = [...winning].join(', ');
    box.replaceChildren(
      el('p', {}, `${of} = `, el('span', { class: 'numeral', id: 'numeral-digits' }, long(answer.numeral, 80))),
      // The winning take is the smallest term, the last: the list folds in its middle.
      el('div', { class: 'terms' }, foldedList(answer.terms, 12, 6, (t, i) => el('span', {
        class: winning.has(t) ? 'taken' : null, 'data-term': t, title: i === last ? 'the smallest term' : null,
      }, long(t, 40)))),
      el('p', { class: 'source' }, 'Suffix sums (each term plus the smaller ones): ', long(answer.suffix_sums.join(', '), 120)),
      el('p', { class: 'source' }, ...(winning.size
        ? ['The highlighted term is the winning take: ', long(takes, 80), ' (the smallest term, when the cap allows it; a take wins exactly when the smallest term of what it leaves (less one in misère play) is more than k times the take).']
        : ['No take wins: the cap is below the smallest term.'])),
    );
  }

  /** Heaps a page of the position index lists. */
  const PAGE = 100n;
  /** The most digits of a heap the index reaches (the server's limit). */
  const INDEX_DIGITS = 200;

  async function drawCensus() {
    const to = 100;
    $('census-to').textContent = to;
    const census = await api('/api/nim/census', { to, k: rules.k, misere: rules.misere || undefined }).catch(() => null);
    if (!census) return;
    $('census').textContent = `The census of opening heaps 2 to ${to}: ${census.losing_heaps.length} lost by the opener `
      + `(${census.losing_heaps.join(', ')}), ${census.winnable} won, ${census.several_winning_openings} of them in more than one way `
      + `(${census.mean_winning_openings.toFixed(3)} winning openings on average). Taking the smallest term wins from `
      + `${census.smallest_term_wins} of the ${census.winnable} winnable heaps.`;
  }

  /** One page of the position index: the opening heaps from `from` (a BigInt, at least 2). */
  async function drawIndex(from, current) {
    const rows = await api('/api/nim/index', { from: String(from), count: String(PAGE), k: rules.k, misere: rules.misere || undefined })
      .catch((e) => { Z.showError(e.message); return null; });
    if (!rows) return;
    const to = from + BigInt(rows.length) - 1n;
    $('index-range').replaceChildren(long(String(from), 40), ' to ', long(String(to), 40));
    const page = (start) => () => drawIndex(start < 2n ? 2n : start, current);
    $('index-pages').replaceChildren(
      el('button', { type: 'button', id: 'index-previous', disabled: from <= 2n, onclick: page(from - PAGE) }, `← previous ${PAGE}`),
      ' ',
      el('button', { type: 'button', id: 'index-next', disabled: String(to + 1n).length > INDEX_DIGITS, onclick: page(to + 1n) }, `next ${PAGE} →`),
    );
    $('index').replaceChildren(
      el('tr', {}, el('th', { text: 'heap' }), el('th', { class: 'left', text: 'numeral' }), el('th', { text: 'opener' }), el('th', { class: 'left', text: 'winning openings' })),
      ...rows.map((r) => el('tr', { class: r.heap === current ? 'here' : null, 'data-heap': r.heap },
        el('td', {}, el('a', { href: `/nim?heap=${r.heap}${rules.k === '2' ? '' : `&k=${rules.k}`}${rules.misere ? '&misere=1' : ''}` }, long(r.heap, 24))),
        el('td', { class: 'left numeral-small' }, long(r.numeral, 40)),
        el('td', { class: r.outcome === 'win' ? 'win-text' : 'loss-text', text: r.outcome }),
        el('td', { class: 'left' }, r.winning_takes.length ? long(r.winning_takes.join(', '), 40) : '—'))),
    );
  }

  /** The index page holding `heap` (pages start at 2, 102, 202, ...), or the first. */
  function indexPageOf(heap) {
    if (!/^\d+$/.test(heap) || heap.length > INDEX_DIGITS) return 2n;
    const h = BigInt(heap);
    return h < 2n ? 2n : 2n + ((h - 2n) / PAGE) * PAGE;
  }

  async function drawReach(answer) {
    const box = $('reach');
    const heap = Number(split(answer.position).heap);
    // Out of its range, the panel is not shown at all.
    $('reach-panel').hidden = !(heap >= 2 && heap <= 1000);
    if ($('reach-panel').hidden) return;
    const r = await api('/api/nim/reach', { heap, k: rules.k, misere: rules.misere || undefined }).catch(() => null);
    if (!r) return;
    box.replaceChildren(
      el('p', {}, `From the opening of ${heap}: `, el('b', { text: fmt(r.positions) }), ' positions (heap, cap) can be reached.'),
      el('p', {}, `Heap ${r.most_caps_heap} is reached with the most caps (${r.most_caps}).`),
      el('p', {}, 'Heaps reached with caps of opposite outcome: ', r.opposite_answer_heaps.length ? r.opposite_answer_heaps.join(', ') : 'none'),
    );
  }

  let drawnFor = null;
  const game = new Z.Game({
    load,
    draw: (answer, g) => {
      drawAnswer(answer, g.computer === 0);
      drawHeap(answer);
      drawNumeral(answer);
      const opening = g.history[0].answer.position;
      if (drawnFor !== opening) {
        drawnFor = opening;
        const heap = split(opening).heap;
        drawCensus();
        drawIndex(indexPageOf(heap), heap);
        drawReach(g.history[0].answer);
      }
    },
    url: (position) => (position === 'end' ? { ...split(game.history[0].answer.position), k: rules.k, misere: rules.misere || undefined }
      : { ...split(position), k: rules.k === '2' ? undefined : rules.k, misere: rules.misere || undefined }),
    label: (m) => `take ${m.move}`,
    cite: (answer) => {
      if (answer.position === 'end') return null;
      const { heap, cap } = split(answer.position);
      return {
        command: `zecklab nim solve ${heap} --cap ${cap}${rules.k === '2' ? '' : ` --k ${rules.k}`}${rules.misere ? ' --misere' : ''} --json`,
        api: Z.pageUrl({ heap, cap, k: rules.k, misere: rules.misere || undefined }, '/api/nim/solve'),
      };
    },
    name: (m) => `take ${m.move}`,
    lastMoverWins: !rules.misere,
  });

  $('ask-heap').value = params.get('heap') || '90';
  $('ask-cap').value = params.get('cap') || '';
  $('ask-k').value = rules.k;
  $('ask-misere').checked = !!rules.misere;
  $('ask').addEventListener('submit', (e) => {
    e.preventDefault();
    const query = new URLSearchParams({ heap: $('ask-heap').value.trim() });
    if ($('ask-cap').value.trim()) query.set('cap', $('ask-cap').value.trim());
    if ($('ask-k').value.trim() && $('ask-k').value.trim() !== '2') query.set('k', $('ask-k').value.trim());
    if ($('ask-misere').checked) query.set('misere', '1');
    location.search = query.toString();
  });

  guard(async () => {
    const heap = params.get('heap') || '90';
    const cap = params.get('cap');
    // The opening position's text comes from the server (it clamps and checks the cap).
    const first = Z.writtenAnswer('/api/nim/position')
      ?? await api('/api/nim/position', { heap, cap, k: rules.k, misere: rules.misere || undefined });
    const { tokens, at } = Z.Game.fromUrl(params);
    await game.start(first.position, Z.Game.human(params), tokens, at);
  });
})();

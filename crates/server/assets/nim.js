'use strict';
// The Fibonacci Nim page: the position and every take coloured by its value, the numeral whose
// smallest term is the winning take, the position index of opening heaps, reach, and play.

(() => {
  const { api, el, $, guard, fmt } = Z;
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
      el('p', {}, `Heap `, el('b', { text: heap }), `, the next take at most `, el('b', { text: answer.cap }),
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
    box.replaceChildren(
      el('p', {}, `${of} = `, el('span', { class: 'numeral', id: 'numeral-digits', text: answer.numeral })),
      el('div', { class: 'terms' }, answer.terms.map((t, i) => el('span', {
        class: winning.has(t) ? 'taken' : null, 'data-term': t, title: i === answer.terms.length - 1 ? 'the smallest term' : null,
      }, t))),
      el('p', { class: 'source' }, 'Suffix sums (each term plus the smaller ones): ', answer.suffix_sums.join(', ')),
      el('p', { class: 'source', text: winning.size
        ? `The highlighted term is the winning take: ${[...winning].join(', ')} (the smallest term, when the cap allows it; a take wins exactly when the smallest term of what it leaves (less one in misère play) is more than k times the take).`
        : 'No take wins: the cap is below the smallest term.' }),
    );
  }

  async function drawIndex(answer) {
    const to = 100;
    $('index-to').textContent = to;
    const [rows, census] = await Promise.all([
      api('/api/nim/index', { to, k: rules.k, misere: rules.misere || undefined }),
      api('/api/nim/census', { to, k: rules.k, misere: rules.misere || undefined }),
    ]).catch(() => [null, null]);
    if (!rows) return;
    $('census').textContent = `The census of opening heaps 2 to ${to}: ${census.losing_heaps.length} lost by the opener `
      + `(${census.losing_heaps.join(', ')}), ${census.winnable} won, ${census.several_winning_openings} of them in more than one way `
      + `(${census.mean_winning_openings.toFixed(3)} winning openings on average). Taking the smallest term wins from `
      + `${census.smallest_term_wins} of the ${census.winnable} winnable heaps.`;
    const current = split(answer.position).heap;
    $('index').replaceChildren(
      el('tr', {}, el('th', { text: 'heap' }), el('th', { class: 'left', text: 'numeral' }), el('th', { text: 'opener' }), el('th', { class: 'left', text: 'winning openings' })),
      ...rows.map((r) => el('tr', { class: String(r.heap) === current ? 'here' : null, 'data-heap': r.heap },
        el('td', {}, el('a', { href: `/nim?heap=${r.heap}&k=${rules.k}${rules.misere ? '&misere=1' : ''}`, text: r.heap })),
        el('td', { class: 'left numeral-small', text: r.numeral }),
        el('td', { class: r.outcome === 'win' ? 'win-text' : 'loss-text', text: r.outcome }),
        el('td', { class: 'left', text: r.winning_takes.join(', ') || '—' }))),
    );
  }

  async function drawReach(answer) {
    const box = $('reach');
    const heap = Number(split(answer.position).heap);
    if (!(heap >= 2 && heap <= 1000)) {
      box.replaceChildren(el('p', { class: 'source', text: 'Reach is listed for opening heaps from 2 to 1,000.' }));
      return;
    }
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
      drawHeap(answer);
      drawNumeral(answer);
      const opening = g.history[0].answer.position;
      if (drawnFor !== opening) {
        drawnFor = opening;
        drawIndex(g.history[0].answer);
        drawReach(g.history[0].answer);
      }
    },
    url: (position) => (position === 'end' ? { ...split(game.history[0].answer.position), k: rules.k, misere: rules.misere || undefined }
      : { ...split(position), k: rules.k === '2' ? undefined : rules.k, misere: rules.misere || undefined }),
    label: (m) => `take ${m.move}`,
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
    const first = await api('/api/nim/position', { heap, cap, k: rules.k, misere: rules.misere || undefined });
    const { tokens, at } = Z.Game.fromUrl(params);
    await game.start(first.position, Z.Game.human(params), tokens, at);
  });
})();

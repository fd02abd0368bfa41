'use strict';
// The numeration page: any integer as terms, indices and numeral, in the Fibonacci numbers or
// the factor-k ladder, and the ladder's first terms.

(() => {
  const { api, el, $, guard, fmt, long, longList } = Z;
  const params = Z.params();
  const k = (params.get('k') || '2').trim();
  const numeral = params.get('numeral');
  const n = numeral ? null : (params.get('n') || '1000');

  async function show() {
    const r = Z.writtenAnswer('/api/repr') ?? await api('/api/repr', { n, numeral, k });
    const status = $('position');
    status.dataset.position = r.n;
    status.dataset.numeral = r.numeral;
    status.replaceChildren(el('span', { class: 'value', text: r.n.length > 60 ? `a number of ${r.n.length} digits` : r.n }),
      ` = ${r.z} term${r.z === 1 ? '' : 's'}`);
    // Long numbers show their ends with a "show all" control; long lists their first items.
    const term = (t, i) => el('span', { 'data-index': r.indices[i], title: `index ${r.indices[i]}` }, long(t, 40));
    const terms = r.terms === null
      ? el('p', { class: 'source', text: `${r.z} terms (not listed for numbers of more than 2,000 digits).` })
      : el('div', { class: 'terms', id: 'terms' }, longList(r.terms, 30, term));
    const given = r.input === undefined ? null
      : el('p', {}, 'The numeral ', long(r.input), ` is ${r.canonical ? '' : 'not '}canonical; its value is `, long(r.n), '.');
    $('repr').replaceChildren(
      ...(given ? [given] : []),
      el('h2', { text: 'Terms, largest first' }), terms,
      el('h2', { text: 'Indices' }), el('p', { class: 'numeral-small', id: 'indices' }, long(r.indices.join(', ') || '—', 200)),
      el('h2', { text: k === '2' ? 'Numeral' : `Ladder-${k} numeral` }), el('p', { class: 'numeral', id: 'numeral' }, long(r.numeral, 80)),
      el('p', { class: 'source', text: `Z = ${r.z} terms; IZ = ${fmt(r.iz)} (the sum of the indices).` }),
    );
    document.title = `${r.n.length > 60 ? `${r.n.length} digits` : r.n} in Zeckendorf numeration · zecklab`;
    $('ladder-k').textContent = k;
    const ladder = Z.writtenAnswer('/api/ladder') ?? await api('/api/ladder', { k, count: 40 });
    $('ladder').replaceChildren(...ladder.terms.map((t, i) => el('span', { title: `H${i + 1}` }, t)));
  }

  $('ask-n').value = n || '';
  $('ask-numeral').value = numeral || '';
  $('ask-k').value = k;
  $('ask').addEventListener('submit', (e) => {
    e.preventDefault();
    const query = new URLSearchParams();
    if ($('ask-numeral').value.trim()) query.set('numeral', $('ask-numeral').value.trim());
    else query.set('n', $('ask-n').value.trim());
    if ($('ask-k').value.trim() !== '2') query.set('k', $('ask-k').value.trim());
    location.search = query.toString();
  });
  guard(show);
})();

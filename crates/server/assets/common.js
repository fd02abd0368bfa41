'use strict';
// zecklab explorer: helpers every page shares, and the controller that plays any of the games
// (value of the position, every move best first, play against perfect play, hint, undo and the
// value-history chart). Every figure comes from the JSON API; nothing is computed here.

// The page's scripts run: show what they fill (hidden from a page read without them).
document.documentElement.classList.remove('no-script');
// On a phone the rules fold away (a tap opens them), so the board comes first.
if (window.matchMedia('(max-width: 600px)').matches) {
  for (const rules of document.querySelectorAll('details.rules')) rules.open = false;
}

const Z = (() => {
  const SVG = 'http://www.w3.org/2000/svg';
  const SVG_TAGS = new Set(['svg', 'g', 'rect', 'circle', 'line', 'polyline', 'text', 'title', 'path']);

  /**
   * The answers the server wrote into the page (`script.answer-data`, each named by the API
   * request that gives it in `data-api`): read here instead of asking the API again.
   */
  const written = [...document.querySelectorAll('script.answer-data')].map((block) => {
    const [path, query] = block.dataset.api.split('?');
    return { path, query: new URLSearchParams(query).toString(), text: block.textContent };
  });

  /**
   * The answer the server wrote into the page for `path` (for the query `params` when given, else
   * the first for that path), or undefined. A fresh copy each time: callers may change it.
   */
  function writtenAnswer(path, params) {
    const query = params === undefined ? undefined : queryOf(params).toString();
    const hit = written.find((w) => w.path === path && (query === undefined || w.query === query));
    return hit && JSON.parse(hit.text);
  }

  /** The query of an API request: the parameters given, empty ones left out. */
  function queryOf(params) {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(params || {})) {
      if (v !== undefined && v !== null && v !== '') query.set(k, v);
    }
    return query;
  }

  /**
   * GET an API endpoint (or the same answer written into the page); throws an Error carrying the
   * server's message on any failure.
   */
  async function api(path, params) {
    const ready = writtenAnswer(path, params);
    if (ready !== undefined) return ready;
    const query = queryOf(params);
    const response = await fetch(`${path}?${query}`);
    let body;
    try {
      body = await response.json();
    } catch (e) {
      throw new Error(`${response.status} ${response.statusText}`);
    }
    if (!response.ok) throw new Error(body.error || `${response.status} ${response.statusText}`);
    return body;
  }

  /**
   * The page's cite panel: the command that prints the answer shown, where it came from and the
   * answer as JSON; hidden when `cite` is null (no answer to cite, or values hidden in play).
   */
  function showCite(cite) {
    const panel = $('cite');
    if (!panel) return;
    panel.hidden = !cite;
    if (!cite) return;
    $('cite-command').textContent = cite.command;
    $('cite-json').setAttribute('href', cite.api);
    if (cite.source) $('cite-source').textContent = cite.source;
  }

  /** Creates an element (HTML, SVG, or `svg:NAME`) with attributes, listeners (`onclick`) and children. */
  function el(tag, attrs = {}, ...children) {
    // `svg:a` is a link inside a drawing (an HTML `a` there would not be drawn).
    const node = tag.startsWith('svg:') ? document.createElementNS(SVG, tag.slice(4))
      : SVG_TAGS.has(tag) ? document.createElementNS(SVG, tag) : document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
      else if (k === 'text') node.textContent = v;
      else node.setAttribute(k, v === true ? '' : String(v));
    }
    for (const c of children.flat()) {
      if (c !== null && c !== undefined && c !== false) node.append(c instanceof Node ? c : String(c));
    }
    return node;
  }

  const $ = (id) => document.getElementById(id);

  /** A count with its thousands separated ("4,785"). */
  const grouped = (count) => count.toLocaleString('en-US');

  /**
   * Long text (a number of many digits, a long numeral) for reading: whole up to `limit`
   * characters, else its first and last characters around an ellipsis, with a button that shows
   * all of it and back. The whole text stays in `data-full`.
   */
  function long(text, limit = 64) {
    const whole = String(text);
    if (whole.length <= limit) return el('span', { text: whole });
    const keep = Math.max(8, Math.floor((limit - 1) / 2));
    const short = `${whole.slice(0, keep)}…${whole.slice(-keep)}`;
    const unit = /^\d+$/.test(whole) ? 'digits' : 'characters';
    const more = `show all ${grouped(whole.length)} ${unit}`;
    const shown = el('span', { class: 'long-text', text: short });
    const button = el('button', { type: 'button', class: 'show-all', 'aria-expanded': 'false', text: more });
    button.addEventListener('click', () => {
      const open = button.getAttribute('aria-expanded') === 'true';
      shown.textContent = open ? short : whole;
      button.setAttribute('aria-expanded', String(!open));
      button.textContent = open ? more : 'show less';
    });
    return el('span', { class: 'long', 'data-full': whole }, shown, ' ', button);
  }

  /**
   * A long list for reading: its first `first` items, then a button that adds the rest (`item`
   * makes one item's element from the item and its place).
   */
  function longList(items, first, item) {
    if (items.length <= first) return items.map((x, i) => item(x, i));
    const rest = items.length - first;
    const button = el('button', { type: 'button', class: 'show-all', text: `show all ${grouped(items.length)} (${grouped(rest)} more)` });
    button.addEventListener('click', () => button.replaceWith(...items.slice(first).map((x, i) => item(x, first + i))));
    return [...items.slice(0, first).map((x, i) => item(x, i)), button];
  }

  /**
   * A long list folded in the middle: its first `head` and last `tail` items, with a button
   * between them that shows the rest (so that what ends the list, such as the smallest term,
   * stays in sight).
   */
  function foldedList(items, head, tail, item) {
    if (items.length <= head + tail + 1) return items.map((x, i) => item(x, i));
    const hidden = items.length - head - tail;
    const button = el('button', { type: 'button', class: 'show-all', text: `show the ${grouped(hidden)} between` });
    button.addEventListener('click', () => button.replaceWith(...items.slice(head, head + hidden).map((x, i) => item(x, head + i))));
    return [...items.slice(0, head).map((x, i) => item(x, i)), button,
      ...items.slice(head + hidden).map((x, i) => item(x, head + hidden + i))];
  }

  function showError(message) {
    const box = $('error');
    if (box) box.textContent = message || '';
  }

  /**
   * Runs an async action, showing its error (if any) instead of throwing; `explain` may turn the
   * server's message into one that also says what is accepted.
   */
  async function guard(action, explain) {
    try {
      showError('');
      return await action();
    } catch (e) {
      showError(explain ? explain(e.message) : e.message);
      return undefined;
    }
  }

  /** This page's URL with these parameters (empty ones left out; `^` kept readable). */
  function pageUrl(params, path = location.pathname) {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) {
      if (v !== undefined && v !== null && v !== '') query.set(k, v);
    }
    return `${path}?${query.toString().replace(/%5E/g, '^')}`;
  }

  /**
   * A link's click handler that does `action` in the page instead of following the link, unless
   * the click asks for a new tab or window (a modifier key or the middle button).
   */
  const inPage = (action) => (e) => {
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.button === 1) return;
    e.preventDefault();
    action();
  };

  /**
   * Sets the page's query string (the URL stays a permalink of what is shown): a new history
   * entry when `push` (a move was made, so Back undoes it), else in place.
   */
  function setUrl(params, push = false) {
    const url = pageUrl(params);
    if (url === location.pathname + location.search) return;
    if (push) history.pushState(null, '', url);
    else history.replaceState(null, '', url);
  }

  /**
   * A move's value in words (colour is only a second cue): "wins in 3", "loses in 8", the moves
   * to the end of the game with best play, this one included (the remoteness of the position it
   * leads to, plus one).
   */
  function valueWords(m) {
    const verb = m.winning ? 'wins' : 'loses';
    return m.remoteness === null || m.remoteness === undefined ? verb : `${verb} in ${m.remoteness + 1}`;
  }

  /** A position as a window's title holds it: a long one cut (a heap of 200 digits). */
  function titled(position) {
    return position.length > TITLE_CHARS ? `${position.slice(0, TITLE_CHARS - 8)}…` : position;
  }
  /** The most characters of a position in a window's title (as the server cuts it). */
  const TITLE_CHARS = 80;

  function badge(m) {
    return el('span', { class: `badge ${m.winning ? 'win' : 'loss'}`, text: valueWords(m) });
  }

  const params = () => new URLSearchParams(location.search);
  const fmt = (x) => (typeof x === 'number' ? x.toLocaleString('en-US') : String(x));

  /**
   * The value-history chart (GamesmanUni's VVH): one row per position of the game so far, the
   * remoteness as distance from the centre line, on Player 1's side (left) when Player 1 is
   * winning there and on Player 2's side (right) otherwise; green when the player to move wins.
   */
  function drawValueHistory(svg, history, link, show = (position) => position) {
    const known = history.filter((h) => h.answer.remoteness !== null && h.answer.remoteness !== undefined);
    // Nothing to draw: no chart, and a word why (the note under it, where the page has one).
    const note = $('vvh-note');
    const empty = known.length === 0;
    svg.classList.toggle('empty', empty);
    if (note) {
      note.textContent = !empty ? '' : history.length
        ? 'No value history: the values of these positions hold no remoteness.'
        : 'The value history shows once the game is over (or while exploring).';
    }
    if (empty) return;
    const most = Math.max(4, ...known.map((h) => h.answer.remoteness));
    // Long games get thinner rows, so that the chart stays about a screen high.
    const rowHeight = history.length > 30 ? Math.max(5, Math.floor(600 / history.length)) : 20;
    const width = 340, top = 44, half = (width - 40) / 2, centre = width / 2;
    const rows = top + Math.max(history.length, 1) * rowHeight;
    const height = rows + 40;
    svg.replaceChildren();
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    svg.setAttribute('width', width);
    svg.setAttribute('height', height);
    const x = (h, i) => {
      const mover = i % 2 === 0 ? 1 : 2;
      const winner = h.answer.outcome === 'win' ? mover : 3 - mover;
      const d = (h.answer.remoteness / most) * half;
      return winner === 1 ? centre - d : centre + d;
    };
    svg.append(
      el('text', { x: 8, y: 14, 'font-size': 11, fill: '#1d3557', text: '◀ Player 1 winning' }),
      el('text', { x: width - 8, y: 14, 'font-size': 11, fill: '#1d3557', 'text-anchor': 'end', text: 'Player 2 winning ▶' }),
      el('text', { x: centre, y: 30, 'font-size': 10, fill: '#5b6475', 'text-anchor': 'middle', text: 'remoteness (0 at the centre)' }),
    );
    // Two or three round ticks a side (1 to 5, then 1, 2, 2.5 or 5 times a power of ten), far
    // enough apart never to overlap.
    let step = null;
    for (let p = 1; step === null; p *= 10) {
      step = (p === 1 ? [1, 2, 3, 4, 5] : [p, 2 * p, 2.5 * p, 5 * p]).find((s) => Math.floor(most / s) <= 3) ?? null;
    }
    for (let r = 0; r <= most; r += step) {
      for (const side of r === 0 ? [0] : [-1, 1]) {
        const gx = centre + side * (r / most) * half;
        svg.append(el('line', { x1: gx, x2: gx, y1: top - 6, y2: rows + 2, stroke: r === 0 ? '#1d3557' : '#e3e6ec' }));
        svg.append(el('text', { x: gx, y: rows + 14, 'font-size': 9, fill: '#5b6475', 'text-anchor': 'middle', text: r }));
      }
    }
    // The legend: what the colours of the points say.
    svg.append(
      el('circle', { cx: 12, cy: height - 8, r: 4.5, fill: '#13652b' }),
      el('text', { x: 20, y: height - 5, 'font-size': 10, fill: '#1d2433', text: 'the player to move wins' }),
      el('circle', { cx: 172, cy: height - 8, r: 4.5, fill: '#a11d16' }),
      el('text', { x: 180, y: height - 5, 'font-size': 10, fill: '#1d2433', text: 'the player to move loses' }),
    );
    const labelEvery = Math.ceil(12 / rowHeight);
    const radius = Math.max(2.5, Math.min(5, rowHeight / 2 - 0.5));
    const points = [];
    history.forEach((h, i) => {
      const y = top + i * rowHeight + rowHeight / 2;
      if (i % labelEvery === 0) svg.append(el('text', { x: 2, y: y + 4, 'font-size': 9, fill: '#5b6475', text: i }));
      if (h.answer.remoteness === null || h.answer.remoteness === undefined) return;
      const px = x(h, i);
      points.push(`${px},${y}`);
      const point = el('circle', { cx: px, cy: y, r: radius, fill: h.answer.outcome === 'win' ? '#13652b' : '#a11d16' },
        el('title', { text: `move ${i}: ${show(h.answer.position)}: ${h.answer.outcome} for Player ${i % 2 === 0 ? 1 : 2}, remoteness ${h.answer.remoteness}` }));
      if (!link) {
        svg.append(point);
        return;
      }
      // Each point is a link to its position; a click goes back there in this game.
      const { href, pick } = link(i);
      const a = document.createElementNS(SVG, 'a');
      a.setAttribute('href', href);
      a.setAttribute('data-step', i);
      a.setAttribute('aria-label', `move ${i}: ${show(h.answer.position)}`);
      a.addEventListener('click', inPage(pick));
      a.append(point);
      svg.append(a);
    });
    if (points.length > 1) svg.prepend(el('polyline', { points: points.join(' '), fill: 'none', stroke: '#9aa4b5', 'stroke-width': 1.5 }));
  }

  /** The head of a table of plies: the same columns for the record and the optimal line. */
  function plyHead() {
    return el('thead', {}, el('tr', {}, ...['ply', 'mover', 'move', 'position', 'value']
      .map((t, i) => el('th', { class: i >= 2 ? 'left' : null, scope: 'col', text: t }))));
  }

  /** One row of a table of plies: the ply, its mover, the move (text or a link), where it leads and its value. */
  function plyRow(ply, mover, move, position, value, shown = true) {
    return el('tr', { 'data-to': position, 'data-shown': String(shown) },
      el('td', { text: ply }), el('td', { text: `Player ${mover}` }), el('td', { class: 'left' }, move),
      el('td', { class: 'left numeral-small', text: position }), el('td', { class: 'left', text: value }));
  }

  /**
   * Plays one game. `spec` gives: `load(position)` (a promise of the API's answer with
   * `position`, `outcome`, `remoteness` and `moves`), `draw(answer, game)` for the game's own
   * picture, `url(position)` for the permalink's parameters, `label(move)` for a move's text,
   * and `lastMoverWins` (false in misère play).
   */
  class Game {
    constructor(spec) {
      this.spec = spec;
      this.history = [];
      this.computer = 0; // 0: nobody (explore); 1 or 2: the computer plays that player
      this.busy = false;
      this.timer = null;
      $('hint')?.addEventListener('click', () => this.hint());
      $('undo')?.addEventListener('click', () => this.undo());
      $('redo')?.addEventListener('click', () => this.redo());
      // The arrow keys step back and forward through the game (not while typing in a box).
      document.addEventListener('keydown', (e) => {
        if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.altKey || e.ctrlKey || e.metaKey) return;
        if (e.key === 'ArrowLeft') this.undo();
        else if (e.key === 'ArrowRight') this.redo();
      });
      // Moves undone, most recent last: Redo plays them again.
      this.future = [];
      $('restart')?.addEventListener('click', () => this.restart());
      // Choosing who plays goes on from the position shown; Restart goes back to the start.
      $('play')?.addEventListener('change', (e) => {
        clearTimeout(this.timer);
        this.computer = Number(e.target.value);
        if (this.history.length) this.render();
      });
      // Back and Forward: each entry holds the game so far in its URL; the page shows it from
      // the game it holds, without a reload and without a move by the computer.
      window.addEventListener('popstate', () => this.restore());
    }

    static human(params) {
      const play = Number(params.get('play'));
      return play === 1 || play === 2 ? 3 - play : 0;
    }

    mover(i) {
      return i % 2 === 0 ? 1 : 2;
    }

    current() {
      return this.history[this.history.length - 1];
    }

    computerToMove() {
      return this.computer !== 0 && this.mover(this.history.length - 1) === this.computer;
    }

    /** The moves a link names (`m=`: one token a move, dot-separated) and how many are shown (`at=`). */
    static fromUrl(params) {
      const m = params.get('m');
      const at = params.get('at');
      return { tokens: m ? m.split('.') : [], at: at === null || !/^\d+$/.test(at) ? null : Number(at) };
    }

    /**
     * A move's token in a link: its place, in base 36, among the position's moves in the order
     * of their names (an order that does not depend on their values).
     */
    static token(answer, move) {
      return answer.moves.map((m) => m.move).sort().indexOf(move.move).toString(36);
    }

    /**
     * Starts a game at `position`, replaying the moves `tokens` name and showing the first `at`
     * of them (all by default); when it cannot be read, the game shown so far stays.
     */
    async start(position, computer, tokens = [], at = null) {
      clearTimeout(this.timer);
      let started = false;
      await guard(async () => {
        const played = await this.replay(position, tokens);
        started = true;
        this.computer = computer;
        if ($('play')) $('play').value = String(computer);
        const shown = at === null ? played.length : Math.min(at, played.length - 1) + 1;
        this.history = played.slice(0, shown);
        this.future = played.slice(shown).reverse();
        this.render();
      }, this.spec.explain);
      // With no game to show (a bad first position), nothing to undo, redo, hint or restart;
      // else the game shown so far stays, drawn again over any "solving" placeholder.
      if (!this.history.length) {
        for (const id of ['undo', 'redo', 'hint', 'restart']) if ($(id)) $(id).disabled = true;
        $('position').replaceChildren();
        this.spec.empty?.();
      } else if (!started) {
        this.render({ restoring: true });
      }
    }

    /**
     * The game from `position` through the moves `tokens` name: one request when the page can
     * ask for a whole game (`spec.loadGame`), else one a move.
     */
    async replay(position, tokens) {
      const named = (answer, t, i) => {
        const name = answer.moves.map((m) => m.move).sort()[parseInt(t, 36)];
        const move = answer.moves.find((m) => m.move === name);
        if (!/^[0-9a-z]+$/.test(t) || !move) {
          throw new Error(`move ${i + 1} of this link (${t}) is not one of the moves from ${answer.position}`);
        }
        return move;
      };
      const fromPlies = (plies) => plies.map((answer, i) => (i === 0 ? { answer } : { answer, move: named(plies[i - 1], tokens[i - 1], i - 1) }));
      // The page's own answers, written in by the server for the game its URL names: read once.
      const block = document.getElementById('game-data');
      if (block) {
        block.remove();
        const data = JSON.parse(block.textContent);
        const plies = data.game.plies;
        if (data.m === tokens.join('.') && plies.length === tokens.length + 1
          && plies[0].position === position.replace(/_/g, ' ').trim()) {
          return fromPlies(plies);
        }
      }
      if (this.spec.loadGame && tokens.length) return fromPlies((await this.spec.loadGame(position, tokens)).plies);
      let answer = await this.spec.load(position);
      const played = [{ answer }];
      for (const [i, t] of tokens.entries()) {
        if (tokens.length > 20) $('message').textContent = `Replaying the game: move ${i + 1} of ${tokens.length}…`;
        const move = named(answer, t, i);
        answer = await this.spec.load(move.to);
        played.push({ answer, move });
      }
      return played;
    }

    /**
     * The review of a finished game: each move with its mover, the value before it (for the
     * mover) and after it (for the player then to move), the change in remoteness, a mark on
     * every move that gave away a won position with the best move instead, and a link to play on
     * from any ply. Hidden until the game ends.
     */
    drawReview(terminal) {
      const panel = $('review-panel');
      if (!panel) return;
      const played = this.history.slice(1);
      panel.hidden = !terminal || played.length === 0;
      if (panel.hidden) return;
      const start = this.history[0].answer.position;
      const tokens = played.map((h, k) => Game.token(this.history[k].answer, h.move));
      const play = this.computer ? 3 - this.computer : undefined;
      const gameUrl = (moves) => pageUrl({ ...this.spec.url(start), m: moves.join('.') || undefined, play });
      const name = (m) => (this.spec.name ? this.spec.name(m) : m.move);
      let given = 0;
      // Every value in a row is the mover's, in the words of the moves' badges ("wins in 12": the
      // moves to the end with best play, this one included): the best the mover had, and what the
      // move played keeps.
      const best = (a) => (a.outcome ? valueWords({ winning: a.outcome === 'win', remoteness: a.remoteness === null || a.remoteness === undefined ? null : a.remoteness - 1 }) : '—');
      const kept = (a) => (a.outcome ? valueWords({ winning: a.outcome === 'loss', remoteness: a.remoteness }) : '—');
      const rows = played.map((h, k) => {
        const before = this.history[k].answer;
        const after = h.answer;
        // The mover had a win and left the opponent one.
        const gaveAway = before.outcome === 'win' && after.outcome === 'win';
        const instead = gaveAway ? before.moves.find((m) => m.winning) : null;
        if (gaveAway) given += 1;
        return el('tr', { 'data-ply': k + 1, 'data-gave-away': String(gaveAway), class: gaveAway ? 'gave-away' : null },
          el('td', { class: 'mark', text: gaveAway ? '✗' : '', title: gaveAway ? 'gave away the win' : null }),
          el('td', { text: k + 1 }),
          el('td', { text: `P${this.mover(k)}` }),
          el('td', { class: 'left' }, name(h.move)),
          el('td', { class: 'left', text: best(before) }),
          el('td', { class: 'left', text: kept(after) }),
          el('td', { class: 'left' }, ...(instead
            ? ['best: ', el('a', { class: 'best-instead', href: gameUrl([...tokens.slice(0, k), Game.token(before, instead)]) }, name(instead)), ' · ']
            : []), el('a', { class: 'play-on', href: gameUrl(tokens.slice(0, k + 1)) }, 'play on')));
      });
      const head = el('thead', {}, el('tr', {},
        el('th', { scope: 'col' }, el('span', { class: 'visually-hidden', text: 'gave away the win' })),
        ...[['ply'], ['mover'], ['move', 'left'], ['best', 'left'], ['played', 'left'], ['', 'left']]
          .map(([t, cls]) => el('th', { class: cls, scope: 'col', text: t || null }, t ? null : el('span', { class: 'visually-hidden', text: 'the best move, and play on' })))));
      $('review').replaceChildren(head, el('tbody', {}, ...rows));
      $('review-note').textContent = `${given
        ? `${given} move${given === 1 ? '' : 's'} gave away a won position (marked ✗, with the best move instead).`
        : 'No move gave away a won position.'} Values are the mover's: the best it had, and what the move played kept (moves to the end with best play, this one included).`;
    }

    /** A position as the page writes it for reading (`spec.show`; the answer's text by default). */
    shown(position) {
      return this.spec.show ? this.spec.show(position) : position;
    }

    /** The link tokens of the game held (played and undone). */
    tokens() {
      const game = [...this.history, ...[...this.future].reverse()];
      return game.slice(1).map((h, k) => Game.token(game[k].answer, h.move));
    }

    /**
     * Shows the game a history entry's URL holds (Back or Forward): from the game in memory when
     * it is the same game (its moves a beginning of the ones held), else read again from the URL.
     */
    restore() {
      clearTimeout(this.timer);
      const params = Z.params();
      const { tokens, at } = Game.fromUrl(params);
      const held = this.tokens();
      const start = this.history[0]?.answer.position;
      const sameStart = start !== undefined
        && Object.entries(this.spec.url(start)).every(([k, v]) => (params.get(k) ?? '') === String(v ?? ''));
      if (!sameStart || tokens.length > held.length || tokens.some((t, i) => t !== held[i])) {
        location.reload();
        return;
      }
      const game = [...this.history, ...[...this.future].reverse()];
      const shown = (at === null ? tokens.length : Math.min(at, tokens.length)) + 1;
      this.computer = Game.human(params);
      if ($('play')) $('play').value = String(this.computer);
      this.history = game.slice(0, shown);
      this.future = game.slice(shown).reverse();
      this.render({ restoring: true });
    }

    restart() {
      if (!this.history.length) return;
      clearTimeout(this.timer);
      this.history.length = 1;
      this.render();
    }

    undo() {
      clearTimeout(this.timer);
      if (this.history.length <= 1) return;
      this.future.push(this.history.pop());
      // Against the computer, go back to the human's turn.
      while (this.history.length > 1 && this.computerToMove()) this.future.push(this.history.pop());
      this.render();
    }

    redo() {
      clearTimeout(this.timer);
      if (!this.future.length) return;
      this.history.push(this.future.pop());
      // Against the computer, its reply comes back with the human's move.
      while (this.future.length && this.computerToMove()) this.history.push(this.future.pop());
      this.render();
    }

    /** Goes back to the position after the `i`-th move played (0: the start), keeping the rest to redo. */
    jump(i) {
      clearTimeout(this.timer);
      while (this.history.length > i + 1) this.future.push(this.history.pop());
      this.render();
    }

    /**
     * The record of the moves played as a table (ply, mover, move, position, and the move's value
     * when values show), the current ply marked; rows are added and removed as the game goes,
     * not drawn anew each move.
     */
    drawRecord(shown, href) {
      const table = $('record');
      if (!table) return;
      if (!table.tHead) table.append(plyHead());
      const body = table.tBodies[0] ?? table.appendChild(el('tbody'));
      const played = this.history.slice(1);
      // Rows that still match the game stay (their values drawn again if the view changed).
      let kept = 0;
      while (kept < body.rows.length && kept < played.length && body.rows[kept].dataset.to === played[kept].answer.position
        && body.rows[kept].dataset.shown === String(shown)) kept++;
      while (body.rows.length > kept) body.lastElementChild.remove();
      played.slice(kept).forEach((h, j) => {
        const k = kept + j + 1;
        const value = shown && h.answer.outcome ? valueWords({ winning: h.answer.outcome === 'loss', remoteness: h.answer.remoteness }) : '';
        body.append(plyRow(k, this.mover(k - 1), el('a', { href: href(h.answer.position), onclick: inPage(() => this.jump(k)) },
          this.spec.name ? this.spec.name(h.move) : h.move.move), this.shown(h.answer.position), value, shown));
      });
      // No move played yet: no empty table, a word instead.
      table.hidden = played.length === 0;
      if ($('record-note')) $('record-note').textContent = played.length ? '' : 'No move played yet.';
      for (const row of body.rows) row.removeAttribute('aria-current');
      const last = body.lastElementChild;
      if (last) {
        last.setAttribute('aria-current', 'step');
        const box = table.parentElement;
        if (box.scrollHeight > box.clientHeight) box.scrollTop = box.scrollHeight;
      }
    }

    /** Shows the best move (and its value) in play mode; explore mode shows every value. */
    hint() {
      const best = this.current()?.answer.moves[0];
      if (!best) return;
      const item = [...document.querySelectorAll('#moves li')].find((li) => li.dataset.move === best.move);
      if (!item) return;
      item.classList.add('hint');
      item.dataset.hint = 'true';
      if (!item.querySelector('.badge')) item.querySelector('a').append(' ', badge(best));
    }

    /**
     * Makes `move`. A move of the visitor's makes a history entry (Back takes it back); the
     * computer's reply takes the place of that entry, so that each entry is the visitor's turn.
     */
    async make(move, byComputer = false) {
      if (this.busy) return;
      this.busy = true;
      await guard(async () => {
        const answer = await this.spec.load(move.to);
        this.history.push({ answer, move });
        this.future = [];
        this.moved = !byComputer;
        this.announce = byComputer ? move : null;
        this.render();
      });
      this.busy = false;
    }

    clicked(move) {
      if (this.computerToMove() || this.busy) return;
      // The moves are drawn anew: focus stays with them (or the status) rather than the page.
      this.keepFocus = true;
      this.make(move);
    }

    render({ restoring = false } = {}) {
      const { answer } = this.current();
      const i = this.history.length - 1;
      const mover = this.mover(i);
      const terminal = answer.moves.length === 0;
      // In play mode the values stay out of the page (no text, no attributes) until the game
      // ends or a hint is asked for.
      const explore = this.computer === 0;
      const shown = explore || terminal;
      const status = $('position');
      status.dataset.position = answer.position;
      if (shown) {
        status.dataset.outcome = answer.outcome;
        status.dataset.remoteness = answer.remoteness ?? '';
      } else {
        delete status.dataset.outcome;
        delete status.dataset.remoteness;
      }
      const r = answer.remoteness === null || answer.remoteness === undefined ? 'unknown' : answer.remoteness;
      // Whose turn it is is known only in a game played from its start here; a position alone
      // does not say.
      const who = explore ? 'The player to move' : `Player ${mover} to move`;
      // A finished game says so once, in the message below; the status then names the end.
      // A finished game's heading names its winner (the player left without a move has lost in
      // normal play, won in misère play).
      const winner = this.spec.lastMoverWins ? this.mover(i - 1) : 3 - this.mover(i - 1);
      const over = this.computer === 0 ? `Game over: Player ${winner} wins.`
        : winner === this.computer ? 'Game over: the computer wins.' : 'Game over: you win!';
      status.replaceChildren(...(terminal && i > 0
        ? [el('span', { class: 'who', text: over })]
        : [el('span', { class: 'who', text: who }),
          ...(shown
            ? [': ', el('span', { class: `value ${answer.outcome}`, text: answer.outcome === 'win' ? 'wins' : 'loses' }),
              ` with best play (remoteness ${r})`]
            : []),
          terminal ? ' — no move left' : '']));
      const name = this.spec.titleName ? ` · ${this.spec.titleName}` : '';
      const here = titled(this.shown(answer.position));
      document.title = explore || terminal ? `${here} (${answer.outcome})${name} · zecklab` : `${here} · Player ${mover} to move${name} · zecklab`;
      this.spec.draw(answer, this);
      const humanTurn = !this.computerToMove();
      // Each move is a link to the position it leads to (it opens in a new tab, or as a page of
      // its own); a plain click makes the move here.
      const href = (to) => pageUrl(this.spec.url(to));
      const item = (m) => el('li', explore
        ? { 'data-move': m.move, 'data-to': m.to, 'data-winning': String(m.winning), 'data-remoteness': m.remoteness ?? '' }
        : { 'data-move': m.move, 'data-to': m.to },
      el('a', {
        class: 'move', href: explore ? href(m.to) : null, role: explore ? null : 'button', tabindex: explore ? null : 0,
        'aria-disabled': humanTurn ? null : 'true',
        title: explore ? `${m.winning ? 'wins' : 'loses'} for the player to move; leads to ${this.shown(m.to)}` : `leads to ${this.shown(m.to)}`,

        onclick: inPage(() => this.clicked(m)),
        onkeydown: (e) => {
          if (!explore && (e.key === 'Enter' || e.key === ' ')) {
            e.preventDefault();
            this.clicked(m);
          }
        },
      // The link's text is its accessible name: the move, where it leads and its value in words.
      }, this.spec.label(m), explore ? [' ', badge(m)] : null));
      if (explore) {
        const group = (title, cls, moves) => (moves.length
          ? [el('h3', { class: cls, text: `${title} (${moves.length})` }), el('ul', { class: 'moves' }, ...moves.map(item))]
          : []);
        $('moves').replaceChildren(
          ...group('Winning moves', 'win-text', answer.moves.filter((m) => m.winning)),
          ...group('Losing moves', 'loss-text', answer.moves.filter((m) => !m.winning)),
        );
      } else {
        // Listed in the board's order, not best first: the order would give the values away.
        const byName = [...answer.moves].sort((a, b) => a.move.localeCompare(b.move, 'en', { numeric: true }));
        $('moves').replaceChildren(el('ul', { class: 'moves' }, ...byName.map(item)));
      }
      $('moves-note').textContent = terminal ? 'None: no move is left.' : !explore
        ? 'Values are hidden while you play: ask for a hint, or finish the game.'
        : answer.all_moves === false
          ? 'Only the winning moves are listed for a position this large.'
          : 'Winning moves fastest first, then losing moves slowest first; “wins in N” counts the moves to the end of the game with best play, this one included.';
      const message = $('message');
      delete message.dataset.winner;
      if (terminal && i >= 0) {
        const lastMover = this.mover(i - 1);
        const winner = this.spec.lastMoverWins ? lastMover : 3 - lastMover;
        message.dataset.winner = String(winner);
        message.textContent = this.computer === 0
          // The heading names the winner; the message says why.
          ? (i > 0 ? `Player ${lastMover} made the last move${this.spec.lastMoverWins ? '' : ' and loses (misère play)'}.`
            : `No move: the player to move ${this.spec.lastMoverWins ? 'has lost' : 'has won'}.`)
          : (winner === this.computer ? 'Game over: the computer wins.' : 'Game over: you win!');
      } else if (this.computer !== 0) {
        // The computer's reply is said (the message is a live region), then whose move it is.
        const said = this.announce ? `The computer played ${this.spec.name ? this.spec.name(this.announce) : this.announce.move}. ` : '';
        message.textContent = humanTurn ? `${said}Your move (you are Player ${3 - this.computer}).` : 'The computer is thinking…';
      } else {
        message.textContent = '';
      }
      $('undo').disabled = this.history.length <= 1;
      if ($('redo')) $('redo').disabled = this.future.length === 0;
      showCite(shown && this.spec.cite ? this.spec.cite(answer) : null);
      this.drawRecord(shown, href);
      this.drawReview(terminal);
      drawValueHistory($('vvh'), shown ? this.history : [], (k) => ({ href: href(this.history[k].answer.position), pick: () => this.jump(k) }),
        (p) => this.shown(p));
      // The whole game is in the URL: its start, every move played (and undone, to redo) and
      // how many are shown; so a link, Back, Forward and reload all give this same game.
      const game = [...this.history, ...[...this.future].reverse()];
      const tokens = game.slice(1).map((h, k) => Game.token(game[k].answer, h.move));
      this.announce = null;
      if (this.keepFocus && (!document.activeElement || document.activeElement === document.body)) {
        ($('moves').querySelector('a[href], a[tabindex]') || status).focus();
      }
      // A history entry keeps the URL it was made with (Back and Forward restore it).
      if (!restoring) {
        setUrl({
          ...this.spec.url(game[0].answer.position),
          m: tokens.join('.') || undefined,
          at: this.future.length ? this.history.length - 1 : undefined,
          play: this.computer ? 3 - this.computer : undefined,
        }, this.moved);
      }
      this.moved = false;
      if (!terminal && this.computerToMove()) {
        if (restoring && this.future.length) {
          // Back and Forward never make a move: the computer's reply is one Redo away.
          message.textContent = 'The computer is to move: Redo (→) shows its reply.';
        } else {
          // Perfect play: the first move of the best-first list.
          this.timer = setTimeout(() => this.make(answer.moves[0], true), 400);
        }
      }
    }
  }

  // "Copy the JSON" beside the cite panel's link: the answer the link gives now (the game
  // pages move it with the position), onto the clipboard.
  const citeLink = $('cite-json');
  if (citeLink && navigator.clipboard) {
    const button = el('button', { type: 'button', class: 'plain', id: 'cite-copy' }, 'Copy the JSON');
    button.addEventListener('click', async () => {
      try {
        const response = await fetch(citeLink.getAttribute('href'));
        if (!response.ok) throw new Error(response.statusText);
        await navigator.clipboard.writeText(await response.text());
        button.textContent = 'Copied';
      } catch (e) {
        button.textContent = `Could not copy (${e.message})`;
      }
      setTimeout(() => { button.textContent = 'Copy the JSON'; }, 2500);
    });
    citeLink.after(' ', button);
  }

  return { api, writtenAnswer, el, $, guard, showError, setUrl, pageUrl, params, fmt, grouped, long, longList, foldedList, Game, drawValueHistory, valueWords, plyHead, plyRow };
})();

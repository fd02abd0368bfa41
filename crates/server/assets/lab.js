'use strict';
// The strategy lab: while a rule's test runs, the page asks the server again each second and
// shows each n as it finishes, in place (without scripts, the page refreshes itself instead).

(() => {
  const running = () => document.querySelector('#lab-progress[data-running="true"]');
  if (!running()) return;
  async function update() {
    try {
      const response = await fetch(location.href, { headers: { Accept: 'text/html' } });
      const page = new DOMParser().parseFromString(await response.text(), 'text/html');
      for (const id of ['lab', 'error']) {
        const fresh = page.getElementById(id);
        if (fresh && document.getElementById(id)) document.getElementById(id).replaceWith(fresh);
      }
    } catch {
      // A failed request is asked again below; the page keeps what it shows.
    }
    if (running()) setTimeout(update, 1000);
  }
  setTimeout(update, 1000);
})();

// The page's own behaviour around textual-serve's terminal (textual.js, loaded just before):
// a font size that fits a phone, the served font loaded before the first draw, and a tab that
// reconnects by itself when the server comes back.
(() => {
  "use strict";
  const body = document.body;
  const terminal = document.getElementById("terminal");

  // A 390 px phone gets at most 48 columns: a Roboto Mono cell is 0.6 em wide.
  if (terminal.dataset.fontSize === "auto") {
    const width = Math.min(window.innerWidth, screen.width || window.innerWidth);
    terminal.dataset.fontSize = String(Math.max(12, Math.min(16, Math.floor(width / (46 * 0.6)))));
  }

  // The match this tab showed (kept by the tab, across reloads): the app opens it again
  // when the tab comes back after a restart of the server.
  const shown = sessionStorage.getItem("vicaire-shown") || "-";
  // This tab's own id: the server keeps what the tab typed on the sheet and not recorded for
  // the tab's next connection (scorekeeper/web/drafts.py). Kept across the tab's reloads
  // (reconnecting reloads the page), a tab restored after the browser discarded it too; a
  // new tab, or a duplicated one (which copies this storage), draws its own.
  const navigation = (performance.getEntriesByType("navigation") || [])[0];
  const again = (navigation && navigation.type === "reload") || document.wasDiscarded === true;
  let tab = sessionStorage.getItem("vicaire-tab") || "";
  if (!again || !/^[0-9a-f]{32}$/.test(tab)) {
    tab = Array.from(crypto.getRandomValues(new Uint8Array(16)),
                     (byte) => byte.toString(16).padStart(2, "0")).join("");
    sessionStorage.setItem("vicaire-tab", tab);
  }
  terminal.dataset.sessionWebsocketUrl += "/" + encodeURIComponent(shown) + "/" + tab;

  // The terminal measures its cells when it opens: open it once the served font is there
  // (the page preloads it beside the scripts), without waiting for the page's load event.
  const start = window.onload;
  window.onload = null;
  const size = terminal.dataset.fontSize + "px";
  const parsed = new Promise((done) => {
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", done, {once: true});
    } else {
      done();
    }
  });
  Promise.all([document.fonts.load(size + ' "Roboto Mono"', "0│█"),
               document.fonts.load("bold " + size + ' "Roboto Mono"', "0")])
    .catch(() => null)
    .then(() => parsed)
    .then(() => start && start());

  // How the app's websocket closed: 1000 when the app itself ended (it quit), anything else
  // when the connection was lost (the server stopped or restarts, the phone went to sleep).
  const Original = window.WebSocket;
  function Watched(url, protocols) {
    const socket = protocols === undefined ? new Original(url) : new Original(url, protocols);
    socket.addEventListener("message", (event) => {
      if (typeof event.data === "string" && event.data.startsWith('["vicaire_keyboard"')) {
        keyboard(JSON.parse(event.data)[1]);
      } else if (typeof event.data === "string" && event.data.startsWith('["vicaire_shown"')) {
        const id = JSON.parse(event.data)[1];
        if (id) sessionStorage.setItem("vicaire-shown", id);
        else sessionStorage.removeItem("vicaire-shown");
      } else if (typeof event.data === "string" && event.data.startsWith('["vicaire_fault"')) {
        body.classList.add("-fault");  // the app ended on a fault of its own: say so
      }
    });
    socket.addEventListener("close", (event) => {
      if (event.code === 1000) body.classList.add("-ended");
      else lost();
    });
    return socket;
  }
  Watched.prototype = Original.prototype;
  Object.assign(Watched, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.WebSocket = Watched;

  // The phone's keyboard: the one the focused field needs ("numeric" for tricks and
  // numbers, "text" for names, "none" where taps do it all), set on the terminal's hidden
  // text field; changed while open, it is shown again as asked.
  function keyboard(mode) {
    const field = document.querySelector(".xterm-helper-textarea");
    if (!field || field.getAttribute("inputmode") === mode) return;
    field.setAttribute("inputmode", mode);
    if (document.activeElement === field) {
      field.blur();
      field.focus({preventScroll: true});
    }
  }

  // Keep what is typed in view above the keyboard: the terminal takes the visible height
  // (a phone's keyboard shrinks the visual viewport, not always the window) and is refitted.
  if (window.visualViewport) {
    window.visualViewport.addEventListener("resize", () => {
      terminal.style.height = Math.round(window.visualViewport.height) + "px";
      terminal.style.bottom = "auto";
      if (typeof window.onresize === "function") window.onresize();
    });
  }

  // The server answers the page again: reload it. So too when it refuses this tab's link
  // (403: drawn anew with --new-keys) or address (421): the page it sends says what to do,
  // instead of "Reconnecting…" for ever. Too many screens (503) or no server yet: try again.
  let delay = 250;
  function lost() {
    body.classList.add("-lost");
    setTimeout(retry, delay);
  }
  function retry() {
    fetch(window.location.href, {cache: "no-store", credentials: "same-origin"})
      .then((response) => {
        if (response.ok || response.status === 403 || response.status === 421) {
          window.location.reload();
        } else {
          throw new Error(String(response.status));
        }
      })
      .catch(() => {
        delay = Math.min(delay * 2, 4000);
        setTimeout(retry, delay);
      });
  }
  document.getElementById("restart").addEventListener("click", () => window.location.reload());
})();

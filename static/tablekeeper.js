// Loaded by every page (webapp/pages/frame.py): makes the app installable and keeps a game's screen awake, keeps
// what the page sends to the server in the order it happened, and stops a tap that cannot be sent soon, saying it
// was not saved (the socket would otherwise hold it and send it later, when the game may have moved on): one made
// after the page lost its connection, or one made while the page connects that it cannot send within moments.
(() => {
  // NiceGUI holds back what a page sends until the page has connected, each message on a 10 ms retry of its own,
  // so messages made before then go out in the order their retries happen to come round: a password typed while
  // the page was connecting could reach the server after the tap on "Sign in" that followed it. Here the socket
  // holds them instead, in order, and sends them all at once when the connection is made (NiceGUI sets
  // `did_handshake` then); NiceGUI's retries only wait for the socket to exist.
  const CONNECT_GRACE_MS = 3000;
  let socket;
  let connected = false;
  let connectedOnce = false; // a page that has never connected is still connecting, not cut off
  const held = [];
  Object.defineProperty(window, "socket", {
    configurable: true,
    get: () => socket,
    set(value) {
      socket = value;
      const send = value.emit.bind(value);
      value.emit = (name, ...args) => {
        if (connected || name === "handshake") return send(name, ...args);
        held.push([name, args]);
        return value;
      };
    },
  });
  Object.defineProperty(window, "did_handshake", {
    configurable: true,
    get: () => socket !== undefined,
    set(value) {
      connected = value;
      connectedOnce = connectedOnce || connected;
      if (connected) held.splice(0).forEach(([name, args]) => socket.emit(name, ...args));
    },
  });

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
  }

  // Game pages (the table, a seat, the watch screen on a TV) and an event's hall screen keep the screen on; the
  // lock is released whenever the page is hidden, so it is asked for again when the page comes back.
  const gamePage = /^\/(table|watch)\/|^\/events\/[^/]+\/hall$/.test(window.location.pathname);
  let lock = null;
  async function keepAwake() {
    if (!gamePage || !("wakeLock" in navigator) || document.visibilityState !== "visible" || lock) return;
    try {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", () => { lock = null; });
    } catch (error) {
      lock = null; // refused (battery saver, not visible): the screen just follows the device's settings
    }
  }
  document.addEventListener("visibilitychange", keepAwake);
  window.addEventListener("load", keepAwake);

  const offline = () => window.socket !== undefined && !window.socket.connected;
  const refuse = (text) => window.Quasar.Notify.create({ message: text, type: "negative", position: "bottom",
                                                         timeout: 6000 });
  // A tap made in the moment between a page's first showing and its connection (a few tens of milliseconds, more
  // on a slow phone) is held with the rest and sent as the page connects; if the page has not connected within
  // CONNECT_GRACE_MS, that tap is taken back and the player told.
  function holdWhileConnecting() {
    const from = held.length;
    setTimeout(() => { // after the tap's own handlers have queued what it sends
      const tap = new Set(held.slice(from));
      if (!tap.size) return;
      setTimeout(() => {
        if (connected) return;
        held.splice(0, held.length, ...held.filter((message) => !tap.has(message)));
        refuse("Not saved: this page is still connecting to the server. Tap again in a moment.");
      }, CONNECT_GRACE_MS);
    }, 0);
  }
  function refuseWhileOffline(event) {
    const control = event.target instanceof Element && event.target.closest(
      "button, [role=button], a[href], input, .q-checkbox, .q-toggle, .q-radio, .q-item--clickable, svg [tabindex]");
    if (!control || window.socket === undefined) return;
    if (!connectedOnce) {
      holdWhileConnecting();
      return;
    }
    if (!offline()) return; // NiceGUI keeps `did_handshake` after a disconnection: the socket itself tells
    event.preventDefault();
    event.stopImmediatePropagation();
    refuse("Not saved: this device has lost its connection to the server. Tap again when it is back.");
  }
  // Quasar's select puts its options in a focusable scroll box inside the listbox, so a screen reader meets
  // something other than options there; the box never needs the focus. A dialog made without a name takes its
  // heading's (or its first words'), so a screen reader says what it asks.
  const tidy = () => {
    document.querySelectorAll("[role=listbox] .q-virtual-scroll__content[tabindex]").forEach(
      (box) => box.removeAttribute("tabindex"));
    document.querySelectorAll(".q-dialog[role=dialog]:not([aria-label]):not([aria-labelledby])").forEach((dialog) => {
      const heading = dialog.querySelector(".text-h5, .text-h6, .q-card > div[id]");
      if (heading && heading.id) dialog.setAttribute("aria-labelledby", heading.id);
    });
  };
  new MutationObserver(tidy).observe(document.body, { childList: true, subtree: true });
  document.addEventListener("click", refuseWhileOffline, true);
  // Enter and the space bar press a focused control; in a text field a space is just a letter typed.
  const typing = (target) => target instanceof Element && target.matches("textarea, [contenteditable], input:not("
    + "[type=button], [type=submit], [type=checkbox], [type=radio], [type=reset])");
  document.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || (event.key === " " && !typing(event.target))) refuseWhileOffline(event);
  }, true);
  // Something drawn that acts on a tap (a damage track) is a button to the keyboard too: Enter or the space bar
  // presses it, as they press a real button.
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if ((event.key === "Enter" || event.key === " ") && target instanceof HTMLElement
        && target.matches(".tk-tappable[role=button]")) {
      event.preventDefault();
      target.click();
    }
  });
})();

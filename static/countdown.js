// A chess clock face that counts down in the browser: the server sends (remaining, since, running, now) only
// when the clock changes; every second in between is computed here, so no spectator polls the server.
// Used by the table's clock face (webapp/components/warmachine/clock.js) and the watch page's board (webapp/components/watch.js).
// `now` is the server's time when it sent the values. Its difference to this browser's clock is the browser's
// error plus the time the values took to arrive; the page keeps the largest difference it has seen (the values that
// came fastest), so a browser whose clock is wrong still shows the server's time, and values that came late (a slow
// phone connection) do not add the delay to the clock.
// The alarm: at one minute left and when the time runs out, the page says so once per clock event, however many
// faces show that clock: a "tk-clock-alarm" event on the window (detail.kind "minute" or "out"), a vibration on a
// phone, a short tone where the browser lets a page play one, and a flash over the whole screen.
const ALARM_MS = 60000;
// A difference this much below the kept one is the browser's clock set back, not a late message: it starts afresh.
const CLOCK_SET_MS = 10000;
// Values that took longer than this to arrive are counted from their arrival, not from when they were sent.
const LATE_MS = 30000;

// Learns from a server time `now` the first time any face on the page receives it (the server's times only grow;
// a face shown later with a time the page had already received must not count it as late).
function learn(now) {
  if (now == null || now <= (window.tkServerNow ?? -Infinity)) return;
  window.tkServerNow = now;
  const seen = now - Date.now();
  const kept = window.tkServerOffset;
  if (kept === undefined || seen > kept || seen < kept - CLOCK_SET_MS) window.tkServerOffset = seen;
}

// This browser's estimate of the server's clock, in ms.
function serverTime() {
  return Date.now() + (window.tkServerOffset ?? 0);
}

function beep(kind) {
  try {
    const Audio = window.AudioContext || window.webkitAudioContext;
    if (!Audio) return;
    const audio = new Audio();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = kind === "out" ? 660 : 880;
    gain.gain.value = 0.2;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + (kind === "out" ? 1.2 : 0.4));
    tone.onended = () => audio.close();
  } catch (e) {
    // a browser that allows no sound before a tap: the flash and the vibration still say it
  }
}

function flash(kind) {
  const veil = document.createElement("div");
  veil.className = `tk-alarm-flash tk-alarm-${kind}`;
  veil.setAttribute("role", "alert");
  veil.textContent = kind === "out" ? "Time is up" : "One minute left";
  document.body.appendChild(veil);
  setTimeout(() => veil.remove(), 2600);
}

function alarm(kind, key) {
  const seen = (window.tkClockAlarms = window.tkClockAlarms || new Set());
  if (seen.has(key)) return;
  seen.add(key);
  window.dispatchEvent(new CustomEvent("tk-clock-alarm", { detail: { kind } }));
  if (navigator.vibrate) navigator.vibrate(kind === "out" ? [400, 150, 400, 150, 400] : [200, 100, 200]);
  beep(kind);
  flash(kind);
}

export default {
  template: `<span class="tk-countdown" :class="{ 'tk-countdown-low': left <= 60000, 'tk-countdown-out': left <= 0 }">{{ text }}</span>`,
  props: {
    remaining: { type: Number, default: 0 },
    since: { type: Number, default: null },
    running: { type: Boolean, default: false },
    now: { type: Number, default: null },
  },
  data() {
    return { left: this.remaining, values: null, timer: null, fired: false };
  },
  computed: {
    text() {
      const seconds = Math.ceil(Math.max(0, this.left) / 1000);
      const h = Math.floor(seconds / 3600);
      const m = Math.floor((seconds % 3600) / 60);
      const s = seconds % 60;
      const ss = String(s).padStart(2, "0");
      return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
    },
  },
  watch: {
    remaining() { this.sync(); },
    since() { this.sync(); },
    running() { this.sync(); },
    now() { this.sync(); },
  },
  mounted() {
    this.sync();
    this.timer = setInterval(() => this.tick(), 250);
  },
  unmounted() {
    clearInterval(this.timer);
  },
  methods: {
    // The time left at `time` (the server's clock, in ms).
    at(time) {
      const spent = this.running && this.since != null ? time - this.since : 0;
      return this.remaining - Math.max(0, spent);
    },
    sync() {
      learn(this.now);
      const values = `${this.running}:${this.since}:${this.remaining}`;
      if (values !== this.values) {
        // New values count from the clock as it stood when the server sent them: a mark crossed after that
        // (while they were on their way to a slow phone) still sounds; a mark crossed before (a page opened, or
        // the clock handed over, already past it) does not. A face shown long after its values came (the page
        // switched to another view) counts from now. The same values sent again (after a reconnection) go on
        // from this page's own count, so a mark crossed meanwhile sounds too.
        this.values = values;
        this.fired = false;
        const sent = this.now != null && serverTime() - this.now < LATE_MS ? this.now : serverTime();
        this.left = this.at(sent);
      }
      this.tick();
    },
    tick() {
      const before = this.left;
      this.left = this.at(serverTime());
      if (this.running) {
        const key = `${this.since}:${this.remaining}`;
        if (before > ALARM_MS && this.left <= ALARM_MS && this.left > 0) alarm("minute", `minute:${key}`);
        if (before > 0 && this.left <= 0) alarm("out", `out:${key}`);
      }
      if (this.left <= 0 && !this.fired) {
        this.fired = true;
        this.$emit("expired");
      }
    },
  },
};

// A chess clock face that counts down in the browser: the server sends (remaining, since, running, now) only
// when the clock changes; every second in between is computed here, so no spectator polls the server.
// Used by the table's clock face (webapp/components/clock.js) and the watch page's board (webapp/components/watch.js).
// `now` is the server's time when it sent the values: the difference to this browser's clock is kept, so a
// browser whose clock is wrong still shows the server's time.
export default {
  template: `<span class="tk-countdown" :class="{ 'tk-countdown-low': left <= 60000, 'tk-countdown-out': left <= 0 }">{{ text }}</span>`,
  props: {
    remaining: { type: Number, default: 0 },
    since: { type: Number, default: null },
    running: { type: Boolean, default: false },
    now: { type: Number, default: null },
  },
  data() {
    return { left: this.remaining, offset: 0, timer: null, fired: false };
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
    sync() {
      this.offset = this.now == null ? 0 : this.now - Date.now();
      this.fired = false;
      this.tick();
    },
    tick() {
      const spent = this.running && this.since != null ? Date.now() + this.offset - this.since : 0;
      this.left = this.remaining - Math.max(0, spent);
      if (this.left <= 0 && !this.fired) {
        this.fired = true;
        this.$emit("expired");
      }
    },
  },
};

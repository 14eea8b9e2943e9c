// The watch page's board: renders the JSON view of a game (models/service/views) in the browser.
//
// The server sends each new version once to the game's Socket.IO room ("tk_view"): a JSON merge patch from
// the version before ("base"), or the whole view. A patch whose base is not the version shown here means a
// gap: the board asks for the whole view ("tk_watch", which also joins the room, on every (re)connection).
// Everything a person typed is shown as text ({{ }} and bound attributes); the only markup is the damage
// drawings, made here from the tracks' box data (static/damage.js), so a damage mark sends a few numbers.
import Countdown from "/static/countdown.js";
import drawing from "/static/damage.js";
import merge from "/static/merge.js";
import { follow, joinRoom, unfollow } from "/static/room.js";

const PARTS = ["score", "turn", "prompt", "result", "clock", "attack", "models", "log"];
const TV = ["score", "turn", "result", "attack", "models"];

export default {
  components: { Countdown },
  template: `
<div class="tk-watch" :class="['tk-mode-' + mode, density]">
  <header v-if="mode !== 'overlay'" class="tk-watch-head">
    <span class="tk-brand">Tablekeeper</span>
    <span class="tk-title">Watching: {{ view.title }}</span>
    <button type="button" class="tk-theme" aria-label="Switch light or dark theme" @click="theme">&#9680;</button>
  </header>

  <section v-if="shows('score')" class="tk-strip" role="region" aria-label="Score">
    <div v-for="seat in [0, 1]" :key="seat" class="tk-strip-side" :class="['tk-seat-' + seat,
         { 'tk-strip-active': view.score && view.score.active === seat }]">
      <span class="tk-strip-name">{{ view.players[seat] }}</span>
      <span v-if="view.score && view.score.cp" class="tk-strip-cp">{{ view.score.cp[seat] }} CP</span>
      <countdown v-if="view.clock" class="tk-strip-clock" aria-hidden="true" :remaining="view.clock.remaining[seat]"
                 :since="view.clock.since" :running="view.clock.ticking === seat" :now="now"></countdown>
    </div>
  </section>

  <section v-if="shows('turn')" class="tk-turnbar tk-box-card" role="region" aria-label="Turn">
    <div class="tk-turnline">
      <span class="tk-round">{{ view.turn.round }}</span>
      <span v-if="view.turn.player" class="tk-player" aria-live="polite">{{ view.turn.player }}</span>
      <span class="tk-phase" aria-live="polite">{{ view.turn.phase }}</span>
      <span v-if="view.turn.cp" class="tk-cp">{{ view.turn.cp }}</span>
      <span v-if="view.clock && mode === 'phone'" class="tk-turn-clocks" aria-hidden="true">
        <span v-for="seat in [0, 1]" :key="seat" class="tk-turn-clock" :class="'tk-seat-' + seat">
          {{ view.players[seat] }}
          <countdown :remaining="view.clock.remaining[seat]" :since="view.clock.since"
                     :running="view.clock.ticking === seat" :now="now"></countdown>
        </span>
      </span>
    </div>
    <div v-if="view.turn.result" class="tk-result-title" aria-live="polite">{{ view.turn.result }}</div>
    <div v-if="view.turn.latest" class="tk-wl-latest" aria-live="polite">{{ view.turn.latest }}</div>
    <div v-if="view.turn.steps" class="tk-guide tk-steps" role="list" aria-label="Upkeep steps">
      <span v-for="s in view.turn.steps" :key="s.label" role="listitem" class="tk-step"
            :class="{ 'tk-current': s.current }">{{ s.label }}</span>
    </div>
  </section>

  <section v-if="shows('prompt') && view.prompt && view.prompt.length" class="tk-guide tk-box-card" role="region"
           aria-label="What happens now">
    <div v-for="(line, i) in view.prompt" :key="i" :class="{ 'tk-prompt': line.look === 'prompt' }">{{ line.text }}</div>
  </section>

  <section v-if="shows('result') && view.result" class="tk-result-box tk-box-card" role="region" aria-label="Result">
    <div class="tk-result-title" aria-live="polite">{{ view.result.title }}</div>
    <div class="tk-result-detail">{{ view.result.detail }}</div>
    <div class="tk-result-tiebreakers">{{ view.result.tiebreakers }}</div>
    <a v-if="resultUrl" class="tk-result-link" :href="resultUrl">{{ view.system === "warmachine" ? "Result page: tiebreakers, clock use, timeline, export" : "Result page: timeline and export" }}</a>
  </section>

  <section v-if="shows('clock') && view.clock" class="tk-clock tk-box-card" role="region" aria-label="Clock">
    <div class="tk-clock-faces">
      <div v-for="seat in [0, 1]" :key="seat" class="tk-clock-face" role="group"
           :aria-label="view.players[seat] + &quot;'s clock&quot;"
           :class="['tk-seat-' + seat, { 'tk-running': view.clock.ticking === seat }]">
        <div class="tk-clock-name">{{ view.players[seat] }}</div>
        <countdown role="timer" :aria-label="view.players[seat] + &quot;'s time left&quot;"
                   :remaining="view.clock.remaining[seat]" :since="view.clock.since"
                   :running="view.clock.ticking === seat" :now="now"></countdown>
        <div class="tk-clock-status">{{ view.clock.status[seat] }}</div>
      </div>
    </div>
    <div class="tk-clock-note" aria-live="polite">{{ view.clock.note }}</div>
  </section>

  <section v-if="shows('attack') && view.attack" class="tk-attack tk-box-card" role="region" aria-label="Attack">
    <div class="tk-attack-heading" aria-live="polite">{{ view.attack.heading }}</div>
    <div class="tk-prompt">{{ view.attack.waiting }}</div>
    <div v-if="view.attack.roll" class="tk-kind">{{ view.attack.roll }}</div>
    <details class="tk-sequence">
      <summary>{{ view.attack.title }}</summary>
      <div v-for="(line, i) in view.attack.sequence" :key="i" class="tk-step"
           :class="{ 'tk-current': i + 1 === view.attack.at }">{{ i + 1 }}. {{ line }}</div>
    </details>
  </section>

  <div v-if="shows('models')" class="tk-sides">
    <section v-for="seat in [0, 1]" :key="seat" class="tk-side" role="region" :aria-label="view.players[seat]">
      <div class="tk-side-name" :class="'tk-seat-' + seat">{{ view.players[seat] }}</div>
      <div class="tk-tiles">
        <div v-for="key in view.sides[seat]" :key="key" class="tk-model tk-box-card" role="group"
             :aria-label="card(key).name" :class="['tk-seat-' + seat, card(key).look ? 'tk-' + card(key).look : '']">
          <div class="tk-card-head">
            <span class="tk-name">{{ card(key).name }}</span>
            <span v-if="card(key).status" class="tk-status">{{ card(key).status }}</span>
          </div>
          <div v-if="card(key).kind" class="tk-kind">{{ card(key).kind }}</div>
          <div v-if="card(key).stats" class="tk-derived">{{ card(key).stats }}</div>
          <div v-if="card(key).points" class="tk-essence">
            <span class="tk-essence-text">{{ card(key).points.text }}</span>
            <span v-if="card(key).points.cap != null" class="tk-pips" aria-hidden="true"><span
                  v-for="k in Math.max(card(key).points.cap, card(key).points.have)" :key="k" class="tk-pip"
                  :class="[card(key).points.look ? 'tk-' + card(key).points.look : '',
                           { 'tk-full': k <= card(key).points.have }]"></span></span>
            <span v-if="card(key).points.extra" class="tk-ctrl">{{ card(key).points.extra }}</span>
          </div>
          <div v-if="card(key).dt" class="tk-wl-tracks">
            <span class="tk-wl-count">{{ card(key).dt.text }}</span>
            <span role="img" :aria-label="card(key).dt.label"><span v-for="k in card(key).dt.of" :key="k"
                  class="tk-wl-pip" :class="k <= card(key).dt.left ? 'tk-full' : 'tk-lost'"></span></span>
          </div>
          <div v-if="card(key).track" class="tk-track" v-html="drawing(card(key).track)"></div>
          <div v-if="card(key).notes" class="tk-notes">{{ card(key).notes }}</div>
          <div v-for="t in card(key).troopers || []" :key="t.name" class="tk-trooper"
               :class="t.look ? 'tk-' + t.look : ''">
            <span class="tk-trooper-name">{{ t.name }}</span>
            <span v-if="t.status" class="tk-status">{{ t.status }}</span>
            <div v-if="t.track" class="tk-track" v-html="drawing(t.track)"></div>
            <span v-if="t.notes" class="tk-notes">{{ t.notes }}</span>
          </div>
          <div v-if="card(key).extras" class="tk-extras">{{ card(key).extras }}</div>
          <div v-if="card(key).reminders && card(key).reminders.length" class="tk-reminders">
            <div v-for="(line, i) in card(key).reminders" :key="i">{{ line }}</div>
          </div>
          <div v-for="(line, i) in card(key).lines || []" :key="'l' + i" class="tk-unit-line">{{ line }}</div>
          <div v-for="c in card(key).chips || []" :key="c.name" class="tk-wl-state">
            <span class="tk-wl-chip" :class="'tk-wl-' + c.name">{{ c.chip }}</span>
            <span class="tk-wl-what">{{ c.text }}</span>
          </div>
          <div v-if="card(key).arcana" class="tk-arcana" role="group" :aria-label="card(key).name + &quot;'s Arcana cards&quot;">
            <span v-if="!card(key).arcana.length" class="tk-kind">Arcana: not chosen yet</span>
            <template v-else>
              <span class="tk-arcana-head">Arcana:</span>
              <span v-for="a in card(key).arcana" :key="a.text" class="tk-arcanum" :class="{ 'tk-played': a.played }">{{ a.text }}</span>
            </template>
          </div>
          <div v-if="card(key).frenzy && card(key).frenzy.length" class="tk-frenzy" role="group"
               :aria-label="card(key).name + &quot;'s frenzy&quot;">
            <div class="tk-prompt">Frenzy! Its forced behaviour, step by step:</div>
            <div v-for="(line, i) in card(key).frenzy" :key="i" class="tk-frenzy-line">{{ line }}</div>
          </div>
        </div>
      </div>
    </section>
  </div>

  <section v-if="shows('log')" class="tk-log tk-box-card" role="region" aria-label="Game log">
    <div class="tk-log-head">Log</div>
    <div v-for="seq in logOrder" :key="seq" class="tk-entry" :class="{ 'tk-undone': view.log[seq][1] }">{{ view.log[seq][0] }}</div>
  </section>
</div>`,
  props: {
    game: { type: String, required: true },
    initial: { type: String, required: true },
    serverNow: { type: Number, default: null },
    mode: { type: String, default: "phone" },
    parts: { type: Array, default: () => [] },
    resultUrl: { type: String, default: "" },
  },
  data() {
    return { view: JSON.parse(this.initial), now: this.serverNow, joining: false, behind: 0 };
  },
  computed: {
    density() {
      // How many models the larger side has: a TV draws a few larger (watch.css), from what the page holds.
      const most = Math.max(0, ...(this.view.sides || []).map((side) => side.length));
      return most <= 4 ? "tk-few" : most <= 8 ? "tk-some" : most <= 12 ? "tk-many" : "";
    },
    logOrder() {
      return Object.keys(this.view.log || {}).sort((a, b) => Number(b) - Number(a));
    },
  },
  mounted() {
    if (this.mode === "overlay") document.body.classList.add("tk-overlay-page");
    if (this.mode === "tv") document.body.classList.add("tk-tv-page");
    this.$q.dark.set("auto");
    follow(this, "tk_view", (msg) => this.receive(msg), () => this.join());
  },
  unmounted() {
    unfollow(this);
  },
  methods: {
    drawing,
    shows(part) {
      if (this.mode === "overlay") return this.parts.includes(part);
      if (this.mode === "tv") return TV.includes(part);
      return PARTS.includes(part) && part !== "score";
    },
    card(key) {
      return this.view.cards[key] || { name: "" };
    },
    theme() {
      this.$q.dark.toggle();
    },
    join() {
      // Joins the game's room (again after a reconnection: a new socket is in no room) and gets the whole view
      // when this page is behind the version it saw announced.
      joinRoom(this, "tk_watch", { v: this.view.v, seen: this.behind }, (answer) => {
        this.receive(answer);
        if (this.behind > this.view.v) this.join();
      });
    },
    receive(msg) {
      if (!msg || msg.game !== this.game) return;
      if (msg.now != null) this.now = msg.now;
      if (msg.view) {
        if (msg.v > this.view.v) this.view = msg.view;
      } else if (msg.patch && msg.base === this.view.v) {
        this.view = merge(this.view, msg.patch);
      } else if (msg.v > this.view.v) {
        this.behind = Math.max(this.behind, msg.v);
        this.join();
      }
    },
  },
};

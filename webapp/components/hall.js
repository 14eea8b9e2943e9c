// The hall screen's board: an event on a TV across the room (webapp/live/hall.py builds its JSON view). The round's
// tables with their live scores on the left, the standings on the right paging by themselves, the round timer
// large in the header. Everything a person typed (names) is shown as text.
//
// The server sends each change once to the event's hall room ("tk_hall"): a JSON merge patch from the view before
// ("base"), or the whole view. A patch whose base is not the version shown here means a gap: the board asks for
// the whole view ("tk_hall_join", which also joins the room, on every (re)connection).
import Countdown from "/static/countdown.js";
import { follow, followVersion, joinRoom, unfollow } from "/static/room.js";

const PAGE_SECONDS = 12; // how long one page of a long list stays up
const ROWS = 9; // rows a page shows: a row is 7 % of the screen's height (static/hall.css), under the headings

export default {
  components: { Countdown },
  template: `
<div class="tk-hall">
  <header class="tk-hall-head">
    <h1 class="tk-hall-name">{{ view.name }}</h1>
    <span class="tk-hall-round">{{ view.round_words }}</span>
    <span v-if="view.scenario" class="tk-hall-scenario">{{ view.scenario }}</span>
    <span class="tk-hall-timer" role="timer" aria-label="Time left in the round">
      <template v-if="view.timer">
        <countdown :remaining="view.timer.left" :since="view.timer.since" :running="view.timer.running"
                   :now="now"></countdown>
        <span v-if="!view.timer.running" class="tk-hall-paused">paused</span>
      </template>
      <span v-else class="tk-hall-paused">timer not started</span>
    </span>
    <button type="button" class="tk-theme" aria-label="Switch light or dark theme" @click="theme">&#9680;</button>
  </header>
  <main class="tk-hall-body">
    <section class="tk-hall-tables" aria-labelledby="tk-hall-tables-h">
      <h2 id="tk-hall-tables-h" class="tk-hall-h">{{ view.tables_words }}
        <span v-if="tablePages > 1" class="tk-hall-page">page {{ tablePage + 1 }} of {{ tablePages }}</span></h2>
      <p v-if="!tableList.length" class="tk-hall-empty">{{ view.empty }}</p>
      <table v-else class="tk-hall-grid">
        <thead><tr><th scope="col">Table</th><th scope="col">Players</th><th scope="col">Game</th></tr></thead>
        <tbody>
          <tr v-for="t in shownTables" :key="t.table" :class="{ 'tk-hall-done': t.done }">
            <td class="tk-hall-no">{{ t.table }}</td>
            <td class="tk-hall-players"><span class="tk-hall-player" :class="{ 'tk-hall-turn': t.turn === 0 }">{{ t.players[0] }}</span><template v-if="t.players[1] !== null"><span class="tk-hall-vs">{{ " against " }}</span><span class="tk-hall-player" :class="{ 'tk-hall-turn': t.turn === 1 }">{{ t.players[1] }}</span></template></td>
            <td class="tk-hall-game"><span class="tk-hall-state">{{ t.state }}</span><template v-if="t.cp">{{ " " }}<span class="tk-hall-cp">CP {{ t.cp[0] }} : {{ t.cp[1] }}</span></template><template v-if="t.clock">{{ " " }}<span class="tk-hall-clocks"><span v-for="seat in [0, 1]" :key="seat" class="tk-hall-clock" :class="{ 'tk-hall-ticking': t.clock.ticking === seat }"><span class="tk-hall-clock-name" aria-hidden="true">{{ t.players[seat] }}</span>{{ " " }}<countdown :aria-label="t.players[seat] + &quot;'s time left&quot;" role="timer" :remaining="t.clock.remaining[seat]" :since="t.clock.since" :running="t.clock.ticking === seat" :now="now"></countdown></span></span></template></td>
          </tr>
        </tbody>
      </table>
      <p class="tk-hall-progress" aria-live="polite">{{ view.progress }}</p>
    </section>
    <section class="tk-hall-standings" aria-labelledby="tk-hall-standings-h">
      <h2 id="tk-hall-standings-h" class="tk-hall-h">Standings
        <span v-if="standingPages > 1" class="tk-hall-page">page {{ standingPage + 1 }} of {{ standingPages }}</span></h2>
      <p v-if="!view.standings.length" class="tk-hall-empty">No results yet.</p>
      <table v-else class="tk-hall-grid">
        <thead><tr><th scope="col">Rank</th><th scope="col">Player</th><th scope="col">Wins</th>
          <th scope="col"><abbr title="Strength of schedule">SoS</abbr></th>
          <th scope="col"><abbr title="Control points">CP</abbr></th></tr></thead>
        <tbody>
          <tr v-for="s in shownStandings" :key="s.rank + s.name">
            <td class="tk-hall-no">{{ s.rank }}</td><td>{{ s.name }}</td><td class="tk-hall-no">{{ s.wins }}</td>
            <td class="tk-hall-no">{{ s.sos }}</td><td class="tk-hall-no">{{ s.cp }}</td>
          </tr>
        </tbody>
      </table>
    </section>
  </main>
</div>`,
  props: {
    initial: { type: String, required: true },
    serverNow: { type: Number, default: null },
    event: { type: String, required: true },
  },
  data() {
    const first = JSON.parse(this.initial);
    return { v: first.v, view: first.view, now: this.serverNow, joining: false, tick: 0, rows: ROWS };
  },
  computed: {
    tableList() {
      return Object.keys(this.view.tables || {}).map(Number).sort((a, b) => a - b).map((n) => this.view.tables[n]);
    },
    tablePages() { return Math.max(1, Math.ceil(this.tableList.length / this.rows)); },
    standingPages() { return Math.max(1, Math.ceil(this.view.standings.length / this.rows)); },
    tablePage() { return this.tick % this.tablePages; },
    standingPage() { return this.tick % this.standingPages; },
    shownTables() { return this.tableList.slice(this.tablePage * this.rows, (this.tablePage + 1) * this.rows); },
    shownStandings() {
      return this.view.standings.slice(this.standingPage * this.rows, (this.standingPage + 1) * this.rows);
    },
  },
  mounted() {
    this.pager = setInterval(() => { this.tick += 1; }, PAGE_SECONDS * 1000);
    follow(this, "tk_hall", (msg) => this.receive(msg), () => this.join());
  },
  unmounted() {
    clearInterval(this.pager);
    unfollow(this);
  },
  methods: {
    theme() {
      this.$q.dark.toggle();
    },
    join() {
      joinRoom(this, "tk_hall_join", { v: this.v }, (answer) => {
        if (answer && answer.ok) this.receive(answer);
      });
    },
    receive(msg) {
      if (!msg || (msg.event && msg.event !== this.event)) return;
      followVersion(this, "view", msg, msg.view);
    },
  },
};

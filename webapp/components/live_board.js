// The /live page's board: renders the Live now list (webapp/live/now.py) in the browser, one line per listed
// game, each opening its watch view.
//
// The server sends each change once to the Live now room ("tk_live"): a JSON merge patch from the list before
// ("base"), or the whole list. A patch whose base is not the version shown here means a gap: the board asks for
// the whole list ("tk_live_join", which also joins the room, on every (re)connection). Everything a player typed
// (titles, names) is shown as text.
import Countdown from "/static/countdown.js";
import { follow, followVersion, joinRoom, unfollow } from "/static/room.js";

export default {
  components: { Countdown },
  template: `
<section class="tk-live" aria-labelledby="tk-live-heading">
  <h1 id="tk-live-heading" class="tk-live-heading">Live now</h1>
  <p class="tk-live-intro">Games their players chose to show, as they are played. Open one to watch it.</p>
  <p v-if="!order.length" class="tk-live-empty" aria-live="polite">No game is being shown right now. Players show a
    game from its table: Share links, then "Show on Live now".</p>
  <ul v-else class="tk-live-list" aria-label="Games being played now">
    <li v-for="id in order" :key="id"><div class="tk-live-game tk-box-card" role="group" :aria-label="games[id].title">
      <a class="tk-live-title" :href="games[id].watch">{{ games[id].title }}</a>
      <div class="tk-kind">{{ games[id].system }} · {{ games[id].players[0] }} against {{ games[id].players[1] }}</div>
      <div class="tk-live-turn">
        <span class="tk-round">{{ games[id].round }}</span>
        <span v-if="games[id].turn">{{ games[id].turn }}</span>
        <span class="tk-phase">{{ games[id].phase }}</span>
      </div>
      <div v-if="games[id].cp" class="tk-live-score">CP {{ games[id].players[0] }} {{ games[id].cp[0] }} · {{ games[id].players[1] }} {{ games[id].cp[1] }}</div>
      <div v-if="games[id].clock" class="tk-live-clocks">
        <span v-for="seat in [0, 1]" :key="seat" class="tk-live-clock" :class="'tk-seat-' + seat">
          {{ games[id].players[seat] }}
          <countdown role="timer" :aria-label="games[id].players[seat] + &quot;'s time left&quot;"
                     :remaining="games[id].clock.remaining[seat]" :since="games[id].clock.since"
                     :running="games[id].clock.ticking === seat" :now="now"></countdown>
        </span>
      </div>
    </div></li>
  </ul>
</section>`,
  props: {
    initial: { type: String, required: true },
    serverNow: { type: Number, default: null },
  },
  data() {
    const first = JSON.parse(this.initial);
    return { v: first.v, games: first.games, now: this.serverNow, joining: false };
  },
  computed: {
    order() {
      return Object.keys(this.games).sort((a, b) =>
        this.games[a].listed < this.games[b].listed ? -1 : this.games[a].listed > this.games[b].listed ? 1 : 0);
    },
  },
  mounted() {
    follow(this, "tk_live", (msg) => this.receive(msg), () => this.join());
  },
  unmounted() {
    unfollow(this);
  },
  methods: {
    join() {
      // Joins the room (again after a reconnection: a new socket is in no room); the whole list comes back
      // when this page is behind.
      joinRoom(this, "tk_live_join", { v: this.v }, (answer) => {
        if (answer && answer.ok) this.receive(answer);
      });
    },
    receive(msg) {
      if (!msg) return;
      followVersion(this, "games", msg, msg.games);
    },
  },
};

// The deathclock face's ticking digits: the countdown shared with the watch page's board (static/countdown.js).
export { default } from "/static/countdown.js";

// A JSON merge patch (RFC 7386) applied to a copy of `target`: what the server sends between two versions of a
// game's view (webapp/components/watch.js) or of the Live now list (webapp/components/live_board.js).
export default function merge(target, patch) {
  if (patch === null || typeof patch !== "object" || Array.isArray(patch)) return patch;
  const out = target && typeof target === "object" && !Array.isArray(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = merge(out[key], value);
  }
  return out;
}

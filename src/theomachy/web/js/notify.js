// Telling a person that it is their turn while they look elsewhere: the tab's title says so,
// and an optional chime (off until turned on; the browser lets a page play sound only after a
// click, and the switch is that click). The chime is synthesised: no sound file to fetch.

import { preference, setPreference } from "./store.js";

const SOUND = "turn-sound";
let audio = null;

/** Whether the "your turn" chime is on in this browser. */
export function soundOn() {
  return preference(SOUND, false) === true;
}

/** Turn the chime on or off (a click: it also unlocks the page's audio). */
export function setSound(on) {
  setPreference(SOUND, Boolean(on));
  if (on) chime();
}

/** Two soft rising notes. */
export function chime() {
  try {
    audio = audio || new AudioContext();
    const start = audio.currentTime + 0.02;
    [660, 880].forEach((frequency, index) => {
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      const at = start + index * 0.16;
      volume.gain.setValueAtTime(0.0001, at);
      volume.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
      volume.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
      tone.connect(volume).connect(audio.destination);
      tone.start(at);
      tone.stop(at + 0.32);
    });
  } catch {
    /* no audio in this browser: the title still tells */
  }
}

// A turn that comes back this fast finds the person still looking at the table: no chime.
const NOTICEABLE_WAIT_MS = 1500;

/** Follows whose turn it is across redraws. The chime (if on) sounds when the turn comes
 * back to me after a wait long enough to look away, or while this tab is in the background.
 * The server sends only the latest view, so a fast bot's whole turn can pass between two
 * drawings: the wait is timed from when the turn left me (my move sent, or a drawing of
 * someone else's turn), not inferred from the drawings alone. */
export class TurnNotifier {
  constructor() {
    this.leftMeAt = null; // when the turn last left me; null while it is mine
  }

  /** My move is on its way: the turn is leaving me. */
  handOver() {
    if (this.leftMeAt === null) this.leftMeAt = performance.now();
  }

  /** The tab title for ``title`` and, when the turn has come back, the chime (if on). */
  update(myTurn, title) {
    document.title = myTurn ? `Your turn · ${title} — Theomachy` : `${title} — Theomachy`;
    if (!myTurn) {
      this.handOver();
      return;
    }
    if (this.leftMeAt !== null) {
      const waited = performance.now() - this.leftMeAt;
      if (soundOn() && (waited >= NOTICEABLE_WAIT_MS || document.hidden)) chime();
      this.leftMeAt = null;
    }
  }
}

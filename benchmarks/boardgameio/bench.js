// Random playouts of Goofspiel in boardgame.io, headless: one Client per playout,
// each player in turn takes a move chosen uniformly among the game's legal moves
// (its ai.enumerate). Prints one JSON line: {"playouts", "seconds", "per_second"}.
//
//   node bench.js [playouts] [players] [cards] [seconds] [warmup] [first]
//
// With a time budget (seconds > 0), plays until it is spent, at most `playouts`.
// `warmup` playouts are played before the clock starts; playouts are numbered (their
// seeds) from `first`.
const { Client } = require('boardgame.io/client');
const { makeGoofspiel } = require('./goofspiel');

const limit = Number(process.argv[2] || 1000);
const numPlayers = Number(process.argv[3] || 3);
const numCards = Number(process.argv[4] || 13);
const budget = Number(process.argv[5] || 0);
const warmup = Number(process.argv[6] || 0);
const first = Number(process.argv[7] || 0);

// A small seeded generator for the policy (the game's own chance uses its seed).
function mulberry32(a) {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const policy = mulberry32(12345 + first);
const base = makeGoofspiel(numCards);

function playout(seed) {
  const client = Client({ game: { ...base, seed: `playout-${seed}` }, numPlayers, debug: false });
  client.start();
  for (;;) {
    const { G, ctx } = client.getState();
    if (ctx.gameover) break;
    for (let p = 0; p < numPlayers; p += 1) {
      const id = String(p);
      client.updatePlayerID(id);
      const state = client.getState();
      if (state.ctx.gameover) break;
      const legal = base.ai.enumerate(state.G, state.ctx, id);
      if (legal.length === 0) continue;
      const choice = legal[Math.floor(policy() * legal.length)];
      client.moves[choice.move](...choice.args);
    }
  }
  const result = client.getState().ctx.gameover;
  client.stop();
  return result;
}

for (let w = 0; w < warmup; w += 1) playout(-1 - w);
const start = process.hrtime.bigint();
let done = 0;
let wins = 0;
for (; done < limit; done += 1) {
  const over = playout(first + done);
  if (over.winner !== undefined) wins += 1;
  if (budget > 0 && Number(process.hrtime.bigint() - start) / 1e9 > budget) { done += 1; break; }
}
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
console.log(JSON.stringify({ playouts: done, seconds, per_second: done / seconds, with_winner: wins }));

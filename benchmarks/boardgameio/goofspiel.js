// Goofspiel as in Ackanomic rule 1250.7 (the Game of Pure Skill), for boardgame.io.
//
// Each player holds a pack of cards 1..numCards; each round a prize is drawn at
// random from the remaining prizes, every player bids one card of their pack in
// secret, the single highest bid takes the prize (a tie at the top discards it), and
// every bid card is discarded. After numCards rounds the single highest total of
// prizes taken wins; otherwise nobody does.
//
// Bids are simultaneous: every player is active in the one turn of the game, and a
// round resolves when the last bid is in. playerView hides the other players' bids.
const { INVALID_MOVE, ActivePlayers, PlayerView } = require('boardgame.io/core');

function range(n) {
  return Array.from({ length: n }, (_, i) => i + 1);
}

function drawPrize(G, random) {
  const index = random.Die(G.prizes.length) - 1;
  G.prize = G.prizes[index];
  G.prizes.splice(index, 1);
  G.round += 1;
}

function resolve(G) {
  const bids = G.players.map((p) => p.bid);
  const top = Math.max(...bids);
  const highest = bids.filter((b) => b === top).length;
  G.players.forEach((p, i) => {
    if (highest === 1 && p.bid === top) p.take.push(G.prize);
    p.hand.splice(p.hand.indexOf(p.bid), 1);
    p.bid = null;
  });
  if (highest !== 1) G.discarded.push(G.prize);
  G.history.push({ round: G.round, prize: G.prize, bids });
  G.prize = null;
}

function makeGoofspiel(numCards) {
  return {
    name: 'goofspiel',
    setup: ({ ctx, random }) => {
      const G = {
        numCards,
        prizes: range(numCards),
        prize: null,
        round: 0,
        discarded: [],
        history: [],
        // PlayerView.STRIP_SECRETS keeps only the viewer's own entry of `players`.
        players: Array.from({ length: ctx.numPlayers }, () => ({ hand: range(numCards), bid: null, take: [] })),
      };
      drawPrize(G, random);
      return G;
    },
    turn: { activePlayers: ActivePlayers.ALL },
    moves: {
      bid: ({ G, playerID, random }, card) => {
        const me = G.players[Number(playerID)];
        if (G.prize === null || me.bid !== null || !me.hand.includes(card)) return INVALID_MOVE;
        me.bid = card;
        if (G.players.every((p) => p.bid !== null)) {
          resolve(G);
          if (G.round < G.numCards) drawPrize(G, random);
        }
      },
    },
    endIf: ({ G }) => {
      if (G.round < G.numCards || G.prize !== null) return undefined;
      const totals = G.players.map((p) => p.take.reduce((a, b) => a + b, 0));
      const best = Math.max(...totals);
      const leaders = totals.map((t, i) => (t === best ? String(i) : null)).filter((x) => x !== null);
      return leaders.length === 1 ? { winner: leaders[0], totals } : { draw: true, totals };
    },
    playerView: ({ G, playerID }) => ({
      ...G,
      players: G.players.map((p, i) => (String(i) === playerID ? p : { hand: p.hand, take: p.take, bid: p.bid === null ? null : 'sealed' })),
    }),
    ai: {
      enumerate: (G, ctx, playerID) => {
        const me = G.players[Number(playerID)];
        if (G.prize === null || me.bid !== null) return [];
        return me.hand.map((card) => ({ move: 'bid', args: [card] }));
      },
    },
  };
}

module.exports = { makeGoofspiel, PlayerView };

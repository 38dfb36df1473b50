/**
 * A repeatable pseudo-random `random(below)`: an integer from 0 to below - 1, taken from the generator's high bits
 * (its low bits repeat in short cycles, so `seed % below` would try only a few of the cases).
 */
export function seededRandom(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * below);
  };
}

/**
 * Everything the engine may ask of the outside world. The engine never imports node:*, the store or
 * the HTTP layer: the services hand it these small shapes, and tests hand it fakes.
 */
export type Clock = { now(): Date };
export type RandomSource = {
  /** A fresh collision-resistant id. */
  id(): string;
  /** Uniform in [0, 1). */
  number(): number;
};

export type EnginePorts = {
  clock: Clock;
  random: RandomSource;
};

/**
 * An answer already serialised: JSON text of a `T`, sent as it is (Fastify does not serialise it again).
 * For answers the database composes as JSON (src/store/result-json.ts).
 */
export class JsonText<T> {
  declare readonly of?: T;
  constructor(readonly text: string) {}
}

/**
 * An answer already written as JSON (by the database, for a hot read of many rows), sent as it is: the server
 * neither parses nor serializes it again. The type parameter is the answer it stands for, so a route returning
 * one is still checked against its contract; with `checkResponses` on, `route` also checks the text with zod.
 */
export class JsonText<T> {
  declare readonly answer: T;
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  value(): T {
    return JSON.parse(this.text) as T;
  }
}

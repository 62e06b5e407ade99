/** The body of an answer that succeeded (2xx); any other answer fails the test with its status and body. */
export async function okBody<T = any>(answer: Promise<{ status: number; body: any }>): Promise<T> {
  const res = await answer;
  if (res.status >= 300) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

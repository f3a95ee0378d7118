/**
 * The value a test looked up, or a failure that says it was not there: for a record found in a list
 * that the next request names by its id.
 * @example stack.api('DELETE /api/products/{id}', { token, params: { id: present(kettle).id } })
 */
export function present<T>(value: T | null | undefined, what = 'the record looked up'): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}

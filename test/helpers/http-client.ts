/** A small JSON client over real HTTP (fetch), returning status, headers and the parsed body. */
export type ApiResponse<T = any> = { status: number; body: T; headers: Headers };

export function createClient(baseUrl: string, token?: string) {
  async function request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const response = await fetch(baseUrl + path, {
      method,
      headers: {
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Non-JSON bodies are returned as text so that a test can show them.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }
  return {
    request,
    get: <T = any>(path: string, headers?: Record<string, string>) => request<T>("GET", path, undefined, headers),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) =>
      request<T>("POST", path, body, headers),
    patch: <T = any>(path: string, body?: unknown) => request<T>("PATCH", path, body),
    put: <T = any>(path: string, body?: unknown) => request<T>("PUT", path, body),
    delete: <T = any>(path: string) => request<T>("DELETE", path),
  };
}

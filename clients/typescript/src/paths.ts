// The API's paths, in one place.

export function withSpace(path: string, space: "root" | undefined): string {
  return space === undefined ? path : `${path}?space=${encodeURIComponent(space)}`;
}

export function sessionPath(id: string, tail = ""): string {
  return `/v1/sessions/${encodeURIComponent(id)}${tail}`;
}

// The API's paths, in one place.

export function withSpace(path: string, space: "root" | undefined, frames?: "changed"): string {
  const query = [space === undefined ? "" : `space=${encodeURIComponent(space)}`, frames === undefined ? "" : `frames=${frames}`]
    .filter((part) => part !== "");
  return query.length === 0 ? path : `${path}?${query.join("&")}`;
}

export function sessionPath(id: string, tail = ""): string {
  return `/v1/sessions/${encodeURIComponent(id)}${tail}`;
}

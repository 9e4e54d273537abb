// The API's paths, in one place.
export function withSpace(path, space, frames) {
    const query = [space === undefined ? "" : `space=${encodeURIComponent(space)}`, frames === undefined ? "" : `frames=${frames}`]
        .filter((part) => part !== "");
    return query.length === 0 ? path : `${path}?${query.join("&")}`;
}
export function sessionPath(id, tail = "") {
    return `/v1/sessions/${encodeURIComponent(id)}${tail}`;
}

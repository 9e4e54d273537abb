// The API's paths, in one place.
export function withSpace(path, space) {
    return space === undefined ? path : `${path}?space=${encodeURIComponent(space)}`;
}
export function sessionPath(id, tail = "") {
    return `/v1/sessions/${encodeURIComponent(id)}${tail}`;
}

// One AbortSignal out of the client's and the call's: either one aborting aborts the request.
export function linkSignals(a, b) {
    if (!a || !b)
        return { signal: a ?? b, release() { } };
    const controller = new AbortController();
    // The source's own reason is passed on, so the caller gets back exactly what it aborted with.
    const onA = () => controller.abort(a.reason);
    const onB = () => controller.abort(b.reason);
    if (a.aborted)
        onA();
    else if (b.aborted)
        onB();
    else {
        a.addEventListener("abort", onA, { once: true });
        b.addEventListener("abort", onB, { once: true });
    }
    return {
        signal: controller.signal,
        release() {
            a.removeEventListener("abort", onA);
            b.removeEventListener("abort", onB);
        },
    };
}

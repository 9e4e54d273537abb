/** `T` with the keys `K` made required (the spec's `allOf` + `required`). */
export declare type WithRequired<T, K extends keyof T> = T & Required<Pick<T, K>>;
export declare type SessionId = string;
/**
 * A constraint's name: any non-empty string (`title-min-width`, `c2.top`),
 * unique within the layout (`duplicate-id`); an empty one is `invalid-id`.
 * Unlike view ids it is never parsed, so any character may appear.
 */
export declare type ConstraintId = string;
/**
 * A view or guide name: `[A-Za-z_][A-Za-z0-9_]*`, not a reserved word
 * (attribute, composite and guide names, `superview`).
 */
export declare type ViewId = string;
export declare type ReservedWord = "left" | "top" | "right" | "bottom" | "leading" | "trailing" | "width" | "height" | "centerX" | "centerY" | "lastBaseline" | "firstBaseline" | "baseline" | "leftMargin" | "rightMargin" | "topMargin" | "bottomMargin" | "leadingMargin" | "trailingMargin" | "centerXWithinMargins" | "centerYWithinMargins" | "edges" | "horizontalEdges" | "verticalEdges" | "directionalEdges" | "directionalHorizontalEdges" | "directionalVerticalEdges" | "size" | "center" | "margins" | "directionalMargins" | "centerWithinMargins" | "superview" | "layoutMarginsGuide" | "safeAreaLayoutGuide";
/** A view or guide id, or one of a view's implicit guides: `ID.layoutMarginsGuide`, `ID.safeAreaLayoutGuide`. */
export declare type ItemName = string;
/**
 * A SnapKit attribute or composite (UIKit branch). `baseline` is SnapKit's
 * deprecated alias of `lastBaseline`. Composites expand in SnapKit's fixed
 * order (docs/semantics.md §1.2).
 */
export declare type AttributeName = "left" | "top" | "right" | "bottom" | "leading" | "trailing" | "width" | "height" | "centerX" | "centerY" | "lastBaseline" | "firstBaseline" | "baseline" | "leftMargin" | "rightMargin" | "topMargin" | "bottomMargin" | "leadingMargin" | "trailingMargin" | "centerXWithinMargins" | "centerYWithinMargins" | "edges" | "horizontalEdges" | "verticalEdges" | "directionalEdges" | "directionalHorizontalEdges" | "directionalVerticalEdges" | "size" | "center" | "margins" | "directionalMargins" | "centerWithinMargins";
/** One attribute or composite, or an array of them (`["top","leading"]` = `make.top.leading`; chaining is set union). */
export declare type Attributes = AttributeName | AttributeName[];
/** `==` (default), `<=`, `>=`, or the aliases `equalTo`, `lessThanOrEqualTo`, `greaterThanOrEqualTo`. */
export declare type Relation = "==" | "<=" | ">=" | "equalTo" | "lessThanOrEqualTo" | "greaterThanOrEqualTo";
/**
 * A number in (0, 1000] (fractions allowed; 1000 = required), or a name:
 * `required` (1000), `high` (750), `medium` (500), `low` (250). Order is
 * strict: any violation at a higher priority outweighs every violation
 * below it. Outside the range: `priority-out-of-range`.
 */
export declare type Priority = number | "required" | "high" | "medium" | "low";
/**
 * `rtl` mirrors leading/trailing (docs/semantics.md §7.3).
 * @default "ltr"
 */
export declare type Direction = "ltr" | "rtl";
/** A frame, `{x, y, width, height}`. */
export declare type Rect = {
    x: number;
    y: number;
    width: number;
    height: number;
};
export declare type Size = {
    width: number;
    height: number;
};
export declare type Point = {
    x: number;
    y: number;
};
/** UIEdgeInsets, physical sides; a side left out is 0 (for `margins`, 8). */
export declare type EdgeInsets = {
    top?: number;
    left?: number;
    bottom?: number;
    right?: number;
};
/**
 * NSDirectionalEdgeInsets; leading/trailing follow the layout direction. A side
 * left out is 0 (for `margins`, 8); at least `leading` or `trailing` is given
 * (without either, the object is physical `EdgeInsets`).
 */
export declare type DirectionalEdgeInsets = {
    top?: number;
    leading?: number;
    bottom?: number;
    trailing?: number;
} & ({
    leading: number;
} | {
    trailing: number;
});
export declare type Insets = EdgeInsets | DirectionalEdgeInsets;
/** The caller's own location (SnapKit's `#file`/`#line`), echoed in every diagnostic about the constraint. */
export declare type SourceLocation = {
    file: string;
    line: number;
    column?: number | null;
};
/**
 * Where something stands in the request that introduced it: a JSON
 * pointer (RFC 6901) and the 1-based line and column of its first byte;
 * for an error inside an expression string also `exprColumn`, the
 * 1-based column of the offending token within the string.
 */
export declare type Location = {
    pointer: string;
    line: number;
    column: number;
    exprColumn?: number;
};
/** A view, or a layout guide (`kind: guide`). Order is kept in every answer. */
export declare type View = {
    id: ViewId;
    /** The parent's id; absent = a root. */
    superview?: ViewId | null;
    /**
     * A fixed frame in the superview's space (a root's in absolute space),
     * like translatesAutoresizingMaskIntoConstraints = true: four required
     * constraints `ID.frame.x|y|width|height` whose constants a later
     * `setFrame` edit changes incrementally.
     */
    frame?: Rect | null;
    /**
     * `guide`: an invisible item owned by its `superview`, no margins; it has a frame in answers like a view.
     * @default "view"
     */
    kind?: "view" | "guide" | null;
    /** layoutMargins, physical or directional; default 8 on each side. */
    margins?: Insets | null;
    /** safeAreaInsets for the implicit `ID.safeAreaLayoutGuide`; default 0. */
    safeArea?: EdgeInsets | null;
    /** Intrinsic content size; either member may be absent or null (no intrinsic metric on that axis). */
    intrinsicSize?: {
        width?: number | null;
        height?: number | null;
    } | null;
    /** Content hugging priority per axis, default 250 / 250. */
    hugging?: AxisPriorities | null;
    /** Compression resistance priority per axis, default 750 / 750. */
    compressionResistance?: AxisPriorities | null;
    /** `first` = distance from the top, `last` = distance from the bottom; default 0 / 0 (top edge / bottom edge). */
    baselines?: {
        first?: number;
        last?: number;
    } | null;
};
export declare type AxisPriorities = {
    horizontal?: Priority | null;
    vertical?: Priority | null;
};
/**
 * What the first item is related to (SnapKit's `equalTo(...)`). Constant
 * targets: a number, `{width,height}`, `{x,y}`, `{top,left,bottom,right}`,
 * `{top,leading,bottom,trailing}` (the constant is looked up by the
 * to-attribute, docs/semantics.md §3.2; a constant on centerX relates to the
 * superview's left, 2.2). Item targets: `"superview"` or
 * `"superview.attr"`, an item id (view, guide, `ID.safeAreaLayoutGuide`,
 * `ID.layoutMarginsGuide`), `"item.attr"` / `"item.attr.attr"`, or
 * `{"view": id, "attribute": attr-or-array}` (`attribute` absent = the bare
 * item).
 */
export declare type Target = number | Size | Point | EdgeInsets | DirectionalEdgeInsets | string | {
    /** An item name, or `superview` (optionally `superview.layoutMarginsGuide` / `superview.safeAreaLayoutGuide`). */
    view: string;
    attribute?: Attributes;
};
/** The fields of the object form of a constraint (SnapKit's `make.<attrs>.<relation>(to)<modifiers>`). */
export declare type ConstraintFields = {
    /**
     * Optional unique name. Otherwise the server assigns `c<k>`, k = the
     * constraint's 1-based ordinal among all constraints ever added to the
     * layout, skipping names already taken; never reused in a session.
     * Duplicates are `duplicate-id`.
     */
    id?: ConstraintId | null;
    /** The first item (the view or guide SnapKit's `make` belongs to). */
    view?: ItemName;
    attributes?: Attributes;
    relation?: Relation | null;
    /** Required; a missing `to` is `missing-target` (SnapKit would silently drop the chain). */
    to?: Target;
    /** `multipliedBy` (finite, non-zero: `0`, which would leave the second item out of the relation, is `bad-multiplier`, in expressions too). Evaluated in the closest common ancestor's coordinate space (docs/semantics.md §9.6). */
    multiplier?: number | null;
    /** `dividedBy` (finite, non-zero: otherwise `bad-multiplier`). Not together with `multiplier`. */
    dividedBy?: number | null;
    /** SnapKit `.offset`, the constant of every expanded attribute. */
    offset?: number | null;
    /** SnapKit `.inset`, a number or insets; signs per docs/semantics.md §3.2. */
    inset?: null | number | Insets;
    priority?: Priority | null;
    /** Free text, shown in diagnostics. */
    label?: string | null;
    source?: SourceLocation | null;
    /**
     * `false`: the constraint is kept in the layout (validated, named, listed in GET
     * with `"active": false`) but not enforced: never solved, never a conflict member,
     * never broken (SnapKit's `prepareConstraints`, `deactivate()`). `activate`
     * enforces it again, as the newest.
     * @default true
     */
    active?: boolean | null;
};
/**
 * The object form. A constraint gives its constant in at most one way: a
 * constant `to`, `offset` or `inset` (two of them is
 * `conflicting-constants`).
 */
export declare type ConstraintObject = WithRequired<ConstraintFields, "view" | "attributes" | "to">;
/**
 * An expression string (docs/api.md §3), e.g. `title.trailing <= card.trailing - 12 @750`,
 * or a VFL line: a string that starts, after spaces, with `|` or `[`, or with `H` or `V`,
 * spaces, then `:` (docs/semantics.md §6.6), e.g. `H:|-[icon(32)]-[title]-(>=8)-[badge]-|`.
 */
export declare type ConstraintExpression = string;
/** Named numbers VFL lines use (`-(pad)-`, `[a(w)]`, `@p`); an entry's own win over the document's. */
export declare type VFLMetrics = {
    [key: string]: number;
} | null;
/**
 * A VFL line with options and metrics (docs/semantics.md §6.6). It makes Apple's
 * constraints in Apple's order, ids `ID.1`, `ID.2`, ..., each located at the column of
 * the piece that made it; ops may name the entry (all of them) or one of them. Errors:
 * `vfl-syntax` (with `exprColumn`), `unknown-view`, `unknown-metric`, `vfl-option`
 * (unknown, `spacing*`, an alignment along the line, two directions), `no-superview`,
 * `priority-out-of-range`. In a document's constraints only (not in an op).
 */
export declare type VFLEntry = {
    id?: ConstraintId;
    vfl: string;
    options?: ("alignAllLeft" | "alignAllRight" | "alignAllTop" | "alignAllBottom" | "alignAllLeading" | "alignAllTrailing" | "alignAllCenterX" | "alignAllCenterY" | "alignAllLastBaseline" | "alignAllBaseline" | "alignAllFirstBaseline" | "directionLeadingToTrailing" | "directionLeftToRight" | "directionRightToLeft")[] | null;
    metrics?: VFLMetrics;
    label?: string | null;
    source?: SourceLocation | null;
    active?: boolean | null;
};
/**
 * An object with `expr` plus any of the fields of the object form. `id`,
 * `label` and `source` annotate the constraint; `priority` applies when
 * the expression has no `@`. `view`, `attributes`, `relation` and `to`
 * are `conflicting-fields`, and so are `multiplier`, `dividedBy` and
 * `priority` when the expression has its own; a second constant is
 * `conflicting-constants`.
 */
export declare type ConstraintExprObject = ConstraintFields & {
    expr: ConstraintExpression;
};
/** An object, an expression string, an object with `expr`, or a `distribute` entry. */
export declare type Constraint = ConstraintObject | ConstraintExpression | ConstraintExprObject | DistributeEntry | VFLEntry;
/**
 * Masonry's `mas_distributeViewsAlongAxis:withFixedSpacing:` (`spacing`) or
 * `...withFixedItemLength:` (`itemLength`, exactly one of the two) in the views'
 * closest common superview (docs/semantics.md §6.5). It makes Masonry's constraints,
 * in Masonry's order, with ids `ID.1`, `ID.2`, ...; ops may name the entry (all of
 * them) or one of them. Fewer than two views is `wrong-type`, a view listed twice
 * `duplicate-id`, views with no common superview `no-common-ancestor`, `spacing` with
 * `itemLength` `conflicting-fields`. In a document's constraints only (not in an op).
 */
export declare type DistributeEntry = {
    id?: ConstraintId;
    distribute: ItemName[];
    axis: "horizontal" | "vertical";
    spacing?: number;
    itemLength?: number;
    leadSpacing?: number | null;
    tailSpacing?: number | null;
    priority?: Priority | null;
    label?: string | null;
    source?: SourceLocation | null;
    active?: boolean | null;
} & ({
    spacing: number;
    itemLength?: never;
} | {
    itemLength: number;
    spacing?: never;
});
/** The object form inside an op that names `view`; `view` may be omitted (it is the op's view). */
export declare type OpConstraintObject = WithRequired<ConstraintFields, "attributes" | "to">;
export declare type OpConstraint = OpConstraintObject | ConstraintExpression | ConstraintExprObject;
/** Every member may be left out; `{}` is the empty layout (no views, no constraints). */
export declare type LayoutDocument = {
    direction?: Direction | null;
    /**
     * Every view and guide, ids unique (`duplicate-id`), superviews known (`unknown-view`) and acyclic (`superview-cycle`); a guide has a superview (`no-superview`).
     * @default []
     */
    views?: View[] | null;
    /** @default [] */
    constraints?: Constraint[] | null;
    /**
     * `true`: an unsatisfiable layout is 422 (nothing created) rather than a recovered 200 answer.
     * @default false
     */
    strict?: boolean | null;
    metrics?: VFLMetrics;
};
export declare type EditBatch = {
    /** Apply only if the session is at this revision; otherwise 409 `revision-mismatch`. */
    ifRevision?: number | null;
    /**
     * `true`: a batch that leaves required constraints unsatisfiable is 422 and nothing changes.
     * @default false
     */
    strict?: boolean | null;
    /** Applied in order, atomically (all or none). */
    ops: EditOp[];
};
export declare type EditOp = MakeOp | UpdateOp | RemakeOp | RemoveOp | AddViewsOp | RemoveViewsOp | SetFrameOp | ActivateOp | DeactivateOp | SetOp;
/** Add constraints (makeConstraints). */
export declare type MakeOp = {
    op: "make";
    view: ItemName;
    constraints: OpConstraint[];
};
/**
 * SnapKit's updateConstraints: if `view` has no constraints yet, the same
 * as make; otherwise every expanded constraint must match an installed one
 * on the 7-field key of docs/semantics.md §6.3 (first item and attribute,
 * relation, second item and attribute, multiplier, priority) and only its
 * constant changes, in place. Any miss is `no-matching-constraint` and
 * nothing is applied.
 */
export declare type UpdateOp = {
    op: "update";
    view: ItemName;
    constraints: OpConstraint[];
};
/** Remove every constraint whose first item is `view`, then make. */
export declare type RemakeOp = {
    op: "remake";
    view: ItemName;
    constraints: OpConstraint[];
};
/** Remove that view's constraints (those whose first item it is), or the constraints with those ids (an unknown id is `unknown-constraint`). Both `view` and `ids` is `conflicting-fields`; neither is `missing-field`. */
export declare type RemoveOp = {
    op: "remove";
    view?: ItemName | null;
    ids?: ConstraintId[] | null;
} & ({
    view: string;
    ids?: null;
} | {
    ids: unknown[];
    view?: null;
});
/**
 * SnapKit's `activate()`: enforce those constraints again (or every constraint whose
 * first item is `view`, in add order), each as the newest, so the GET document lists
 * it last. An active one is left as it is. An id may name a whole entry or one
 * expanded constraint of a composite (`c2.top`): the entry is then split into its
 * members (`c2.top`, `c2.leading`), as a partial `update` splits it. An unknown id is
 * `unknown-constraint` (with a did-you-mean); both `view` and `ids` is
 * `conflicting-fields`; neither is `missing-field`.
 */
export declare type ActivateOp = {
    op: "activate";
    view?: ItemName | null;
    ids?: ConstraintId[] | null;
} & ({
    view: string;
    ids?: null;
} | {
    ids: unknown[];
    view?: null;
});
/**
 * SnapKit's `deactivate()`: stop enforcing those constraints (or every constraint
 * whose first item is `view`); they keep their ids and places and show in GET with
 * `"active": false`. An inactive one is left as it is. Ids and errors as for `activate`.
 */
export declare type DeactivateOp = {
    op: "deactivate";
    view?: ItemName | null;
    ids?: ConstraintId[] | null;
} & ({
    view: string;
    ids?: null;
} | {
    ids: unknown[];
    view?: null;
});
/**
 * SnapKit's `update(offset:)`, `update(inset:)`, `update(priority:)` and `isActive`, by id.
 * An id names a whole entry (every expanded constraint of a composite) or one expanded
 * constraint (`c2.top`, which splits the entry into its members first). One or more of:
 * a constant, given one way only (`offset`; `inset`, signed by attribute as in a
 * document; or a constant `to`: a number for every kind of constraint, a size or point
 * only for a constraint with a constant target), `priority` (between any two values,
 * required and optional included), `active` (`true` on an inactive constraint is an
 * activation: it becomes the newest). The constraint keeps its place in add order
 * otherwise; constants and optional-to-optional priorities change in the live
 * solver in place.
 * Nothing to change is `missing-field`; two constants are `conflicting-constants`; an
 * item `to` is `wrong-type` (`remake` changes what a constraint is attached to); an
 * unknown id is `unknown-constraint` with a did-you-mean; an op naming both an entry and
 * one of its members is `conflicting-fields`.
 */
export declare type SetOp = {
    op: "set";
    ids: ConstraintId[];
    offset?: number | null;
    inset?: number | null | Insets;
    to?: number | null | Size | Point;
    priority?: Priority | null;
    active?: boolean | null;
};
/** Add views, as in a document. */
export declare type AddViewsOp = {
    op: "addViews";
    views: View[];
};
/** Remove the views, their subviews, and every constraint that names any of them. */
export declare type RemoveViewsOp = {
    op: "removeViews";
    ids: ViewId[];
};
/**
 * Change a fixed frame (window resize, rotation) in place, without
 * rebuilding the solver; on a view without one, gives it a fixed frame.
 */
export declare type SetFrameOp = {
    op: "setFrame";
    view: ViewId;
    frame: Rect;
};
/** The answer to every successful solve. */
export declare type Answer = {
    /**
     * The frame of every view and guide of the document (keys in view
     * order), in its superview's coordinate space like `UIView.frame`;
     * with `?space=root`, absolute.
     */
    frames: {
        [key: string]: Rect;
    };
    diagnostics: Diagnostic[];
    stats: Stats;
};
export declare type Stats = {
    /** Views and guides of the document. */
    views: number;
    /** Constraints of the layout, composites expanded, implicit ones included. */
    constraints: number;
    /** Solver wall time for this request in microseconds. */
    solveMicros: number;
};
/** The answer of a session (edits); `revision` is the session's revision after the request. */
export declare type SessionAnswer = Answer & {
    revision: number;
    /** With `?frames=changed`: the revision whose frames `frames` is compared with. */
    changedSince?: number;
    /** With `?frames=changed`: the views the batch removed. */
    removedViews?: string[];
};
/** The answer of `POST /v1/sessions`. */
export declare type CreatedSession = SessionAnswer & {
    id: SessionId;
};
/** The answer of `GET /v1/sessions/{id}`. */
export declare type SessionState = CreatedSession & {
    document: SessionDocument;
};
/**
 * The document as it now stands: `{direction, views, constraints}`, views
 * in order with their current frames, every constraint with its `id` and
 * its current constant. A constraint keeps its id after an `update`: a single
 * one is listed as an explicit one-attribute constraint with its new
 * constant; a composite updated whole is listed with the update's target and
 * constant; any other composite an update changed has been split into one
 * constraint per member, ids `<id>.<attribute>` (a suffix `.2`, `.3` if that
 * id is taken), which `remove` and `update` accept. A distribute entry is
 * listed whole while its constraints are as it made them, and as its
 * constraints `ID.1`, `ID.2`, ... once one of them was changed on its own. It
 * can be posted again as a layout document, and a one-shot of it answers
 * what the session answers (docs/sessions.md).
 */
export declare type SessionDocument = {
    direction: Direction;
    metrics?: VFLMetrics;
    views: View[];
    constraints: (WithRequired<ConstraintObject, "id"> | WithRequired<ConstraintExprObject, "id"> | WithRequired<DistributeEntry, "id"> | WithRequired<VFLEntry, "id">)[];
};
/**
 * Every error code (kebab-case). 400: `invalid-json`, `bad-request`.
 * 404: `unknown-session`, `not-found` (route). 405: `method-not-allowed`.
 * 408: `request-timeout`. 409: `revision-mismatch`. 413: `too-large`
 * (also 431, request line and headers over the limit). 415:
 * `unsupported-media-type`. 501: `not-implemented` (a transfer coding other than `chunked`). 503: `too-many-connections`, `draining` (`/readyz` during a shutdown), `session-owned-elsewhere` and `store-unavailable` (a fleet, docs/fleet.md). 500:
 * `internal-error`. 422: every other code here, including `unsatisfiable`
 * under `strict`. Beyond the contract's list the reader reports
 * `missing-field` (a required field is absent), `invalid-id` (a malformed
 * or reserved id, or `superview` where a view id is expected) and
 * `conflicting-fields` (a field given twice: beside `expr`, or `view` and
 * `ids` in one `remove` op); see the reading rules in the description.
 */
export declare type ErrorCode = "invalid-json" | "bad-request" | "not-found" | "unknown-session" | "method-not-allowed" | "revision-mismatch" | "too-large" | "unsupported-media-type" | "request-timeout" | "too-many-connections" | "session-owned-elsewhere" | "store-unavailable" | "draining" | "not-implemented" | "unknown-field" | "wrong-type" | "missing-field" | "invalid-id" | "conflicting-fields" | "unknown-view" | "unknown-attribute" | "unknown-constraint" | "duplicate-id" | "superview-cycle" | "missing-target" | "conflicting-constants" | "multi-attribute-mismatch" | "axis-mismatch" | "mixed-direction" | "no-superview" | "no-common-ancestor" | "priority-out-of-range" | "out-of-range" | "too-complex" | "bad-multiplier" | "expression-syntax" | "vfl-syntax" | "vfl-option" | "unknown-metric" | "no-matching-constraint" | "unsatisfiable" | "solver-error" | "no-log-found" | "internal-error";
/** Every diagnostic code; the error codes, and the warnings `ambiguous` (frames that are not unique among the optimal layouts) and `negative-size` (a solved width or height below zero: UIKit does not forbid it, so no implicit `width >= 0` is added; the warning lists the views and attributes, like `ambiguous`); `/v1/explain`'s warnings `not-reproduced` (a log whose listed constraints hold together) and `unreadable` (a part of the paste that could not be read). */
export declare type DiagnosticCode = ErrorCode | "ambiguous" | "negative-size" | "not-reproduced" | "unreadable";
export declare type FrameAttribute = "x" | "y" | "width" | "height";
/**
 * A reference to one expanded constraint. Implicit constraints have ids of
 * their own and point at the field that made them: `ID.frame.x|y|width|height`
 * (location `/views/N/frame`), `ID.hugging.width|height`,
 * `ID.compression.width|height` (`/views/N/intrinsicSize`).
 */
export declare type ConstraintRef = {
    id: string;
    /** The expanded constraint's first attribute (one attribute, never a composite). */
    attribute: string;
    label: string | null;
    /** SnapKit-style description, e.g. `title.width == 500`. */
    description: string;
    /** What the caller sent as `source`, or null. */
    source: SourceLocation | null;
    /** Where the constraint stands in the request that introduced it (null when it has none). */
    location: Location | null;
};
export declare type BrokenRef = {
    id: string;
    attribute: string;
};
/**
 * One finding. `unsatisfiable` (error): required constraints that cannot
 * hold together; `constraints` is an irreducible conflicting set. Like
 * Auto Layout the server recovers: going through the required constraints
 * in add order (a document: each view's frame and required intrinsic
 * constraints in view order, then `constraints` in order; a session: later
 * additions after everything already there; a constant change by `update`
 * or `setFrame` moves nothing), each is enforced if it can hold with the
 * enforced ones before it and broken otherwise; a broken one is listed in
 * `broken`, and `constraints` is, among the enforced ones added before it,
 * the irreducible set whose newest member is oldest (docs/sessions.md).
 * Several independent conflicts each get their own diagnostic. A broken constraint stays installed and is reported again in
 * every answer while it still conflicts. `ambiguous` (warning): one per
 * answer, `views` maps every view whose frame is not unique among the
 * optimal layouts to its ambiguous frame attributes. In a problem's
 * `errors`, each error is a diagnostic with `severity: "error"` and its
 * `location` (for errors in an expression string also `exprColumn`: an
 * unknown view named in the string points at its name, in the string or
 * in an object's `expr`), and, when the error is about a constraint that
 * carries the caller's `source`, that `source`.
 */
export declare type Diagnostic = {
    severity: "error" | "warning";
    code: DiagnosticCode;
    message: string;
    location?: Location;
    /** In a problem's errors, the `source` of the constraint the error is about, when it has one. */
    source?: SourceLocation;
    constraints?: ConstraintRef[];
    broken?: BrokenRef[];
    views?: {
        [key: string]: FrameAttribute[];
    };
    /**
     * `unsatisfiable`: why the members cannot hold together, with the numbers. One
     * member (the newest pure constant, else the broken one) is the pivot; the
     * others, combined, fix or bound its quantity: "c1 (…) and c2 (…) make
     * cell.width at least 21 = 10 (c1) + 11 (c2), but c3 (…) needs it to equal 1".
     */
    explanation?: string;
    /** `unsatisfiable`: what would resolve it (lower a priority, remove a member, a known pattern's fix). */
    suggestions?: string[];
};
export declare type ExplainReport = {
    logs: ExplainedLog[];
    /** What could not be read, and logs not reproduced, each with its line. */
    warnings: {
        line: number;
        column?: number;
        code: DiagnosticCode;
        message: string;
    }[];
};
export declare type ExplainedLog = {
    /** The header's line (the first entry's when no header was pasted). */
    line: number;
    views: {
        id: string;
        class: string;
        address: string | null;
        /** The label a log prints after the address (`UILabel:0x…'Leo'`). */
        text: string | null;
    }[];
    constraints: {
        /** Its id in `document`; null when it could not be rebuilt (see the warnings). */
        id: string | null;
        address: string | null;
        class: string;
        identifier: string | null;
        /** The relation as the log printed it. */
        description: string;
        line: number;
        column: number;
        priority?: number;
        source?: SourceLocation;
    }[];
    /** The layout document rebuilt from the log; `POST /v1/layouts` of it gives the same diagnostics. */
    document: LayoutDocument;
    /** The rebuilt views' frames (`window` included), in absolute space. */
    frames: {
        [key: string]: Rect;
    };
    diagnostics: ExplainDiagnostic[];
    /** What the log says Auto Layout broke, even when it is not in the list; null when the paste does not say. */
    autoLayoutBroke: null | {
        address: string | null;
        description: string;
        line: number;
        column: number;
        /** Its id in `document` when it is listed. */
        id: string | null;
    };
};
/** A diagnostic of the rebuilt document, its members named as the log names them. */
export declare type ExplainDiagnostic = {
    severity: "error" | "warning";
    code: DiagnosticCode;
    message: string;
    constraints?: {
        id: string;
        attribute: string;
        address: string | null;
        class?: string;
        identifier?: string | null;
        description: string;
        line?: number;
        column?: number;
        /** A non-negative size Auto Layout keeps (`V.width >= 0`), not in the log. */
        implicit?: boolean;
        view?: string;
        /** The ids (in `document`) of the views the constraint names. */
        views?: string[];
    }[];
    broken?: {
        id: string;
        attribute: string;
        address: string | null;
    }[];
    views?: {
        [key: string]: FrameAttribute[];
    };
    explanation?: string;
    suggestions?: string[];
};
/**
 * RFC 9457 problem details. `type` is `urn:trellis:problem:<code>` with
 * the code of the first error; `title` a short summary of the status;
 * `status` the HTTP status; `detail` a human-readable summary of this
 * occurrence; `instance` the request path. `errors` lists every error
 * found (at least one), each a diagnostic with `severity: "error"`.
 */
export declare type Problem = {
    type: string;
    title: string;
    status: number;
    detail?: string;
    instance?: string;
    errors: Diagnostic[];
};

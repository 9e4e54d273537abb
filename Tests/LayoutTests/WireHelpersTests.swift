// Shared helpers of the Wire*Tests files (prefixed so they cannot collide with others).
import Testing
import Layout

/// Decodes a document that must be valid; records the errors as an issue otherwise.
func wireDocument(_ json: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> LayoutDocument? {
    switch decodeLayoutDocument(Array(json.utf8)) {
    case .success(let document): return document
    case .failure(let problem):
        Issue.record("unexpected problem: \(problem.errors.map { "\($0.code) \($0.location?.pointer ?? "-") \($0.message)" })",
                     sourceLocation: sourceLocation)
        return nil
    }
}

/// Decodes a document that must be refused.
func wireProblem(_ json: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> LayoutProblem? {
    switch decodeLayoutDocument(Array(json.utf8)) {
    case .success: Issue.record("expected a problem", sourceLocation: sourceLocation); return nil
    case .failure(let problem): return problem
    }
}

func wireEdits(_ json: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Result<EditBatch, LayoutProblem> {
    decodeEditBatch(Array(json.utf8))
}

/// The single error of a problem, checked to be alone.
func wireOnlyError(_ problem: LayoutProblem?, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> LayoutError? {
    guard let problem else { return nil }
    #expect(problem.errors.count == 1, "errors: \(problem.errors)", sourceLocation: sourceLocation)
    return problem.errors.first
}

/// A document with one constraint (given as JSON text) over views a, b in root.
func wireConstraintDoc(_ constraint: String) -> String {
    """
    {"views": [{"id": "root"}, {"id": "a", "superview": "root"}, {"id": "b", "superview": "root"}],
     "constraints": [\(constraint)]}
    """
}

/// The single constraint of `wireConstraintDoc(constraint)`, which must be valid.
func wireConstraint(_ constraint: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> ConstraintSpec? {
    let document = wireDocument(wireConstraintDoc(constraint), sourceLocation: sourceLocation)
    return document?.constraints.first
}

/// The errors of `wireConstraintDoc(constraint)`, which must be refused with 422.
func wireConstraintErrors(_ constraint: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [LayoutError] {
    guard let problem = wireProblem(wireConstraintDoc(constraint), sourceLocation: sourceLocation) else { return [] }
    #expect(problem.status == 422, sourceLocation: sourceLocation)
    return problem.errors
}

// Asked when /editor finds unsaved work on one file while the user has just chosen another: neither is
// dropped without the user's say.
export function DraftOrNewFile({ draftName, newName, keepDraft, openNew }: { draftName: string; newName: string; keepDraft(): void; openNew(): void }) {
  return (
    <div className="page container center-state" role="alertdialog" aria-labelledby="draft-or-new-title" aria-describedby="draft-or-new-text">
      <h1 id="draft-or-new-title">Unsaved changes to {draftName}</h1>
      <p id="draft-or-new-text" className="muted">
        You chose {newName}. Open it and discard your changes to {draftName}, or keep editing {draftName}?
      </p>
      <div className="row">
        <button type="button" className="btn btn-primary" onClick={keepDraft}>
          Keep editing {draftName}
        </button>
        <button type="button" className="btn" onClick={openNew}>
          Open {newName}
        </button>
      </div>
    </div>
  );
}

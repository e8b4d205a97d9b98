/**
 * SPEC §2's online switch, labelled "Party Online" or "Party Offline" word for word; the line
 * under it says what online means here — a livestream, no place (decision 0160) — since "online"
 * elsewhere could be read as "published".
 */
export function OnlineSwitch({
  online,
  onChange,
}: {
  online: boolean;
  onChange: (online: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        role="switch"
        id="online"
        aria-checked={online}
        aria-labelledby="online-label"
        aria-describedby="online-hint"
        onClick={() => onChange(!online)}
        className={`relative inline-flex h-8 w-14 shrink-0 items-center rounded-full border-2 transition-colors ${
          online ? "border-accent bg-accent" : "border-line bg-raised"
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-6 rounded-full bg-paper shadow transition-transform ${
            online ? "translate-x-6" : "translate-x-0.5"
          }`}
        />
      </button>
      <span className="flex flex-col">
        <span id="online-label" className="font-semibold">
          {online ? "Party Online" : "Party Offline"}
        </span>
        <span id="online-hint" className="text-sm text-muted">
          {online ? "Livestream im Netz, ohne Ort" : "Mit Ort – für einen Livestream einschalten"}
        </span>
      </span>
    </div>
  );
}

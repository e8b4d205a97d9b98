/** SPEC §2's online switch: "Party Online" (a livestream, no place needed) or "Party Offline". */
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
      <span id="online-label" className="font-semibold">
        {online ? "Party Online" : "Party Offline"}
      </span>
    </div>
  );
}

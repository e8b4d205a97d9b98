/** An ad's square 96 px image as the slot, the owner's list and the approval queue show it. */
export function AdThumbnail({ src, lazy = false }: { src: string | null; lazy?: boolean }) {
  if (!src) return null;
  return (
    <img
      src={src}
      alt=""
      width={96}
      height={96}
      loading={lazy ? "lazy" : undefined}
      className="size-24 shrink-0 rounded-xl object-cover"
    />
  );
}

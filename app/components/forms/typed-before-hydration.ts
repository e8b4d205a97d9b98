/** The parts of a form control the check reads (an input, a textarea or a select). */
export interface FormControl {
  type: string;
  name: string;
  value: string;
  defaultValue?: string;
  checked?: boolean;
  defaultChecked?: boolean;
  options?: ArrayLike<{ value: string; selected: boolean; defaultSelected: boolean }>;
  form?: { elements: { namedItem: (name: string) => unknown } } | null;
}

/** The controls sharing a radio button's name in its form (itself when it has no form). */
function radioGroupOf(control: FormControl): FormControl[] {
  const named = control.form?.elements.namedItem(control.name);
  if (named && typeof named === "object" && "length" in named) {
    return Array.from(named as ArrayLike<FormControl>);
  }
  return [control];
}

/**
 * What a visitor entered into a control before React hydrated it, or `undefined` when the
 * control still shows what the server's HTML gave it (its default). The server renders every
 * field's value as the control's default (`defaultValue`/`defaultChecked`/`selected`), so a
 * control whose current state differs from its default was changed by the visitor: that value
 * must win over the form's default values.
 */
export function typedValueOf(control: FormControl): string | boolean | string[] | undefined {
  switch (control.type) {
    case "checkbox":
      return control.checked === control.defaultChecked ? undefined : Boolean(control.checked);
    case "radio": {
      const group = radioGroupOf(control);
      if (group.every((radio) => radio.checked === radio.defaultChecked)) return undefined;
      return group.find((radio) => radio.checked)?.value ?? "";
    }
    case "select-one":
    case "select-multiple": {
      const options = Array.from(control.options ?? []);
      // A single select without a `selected` option shows its first one.
      const shownFirst =
        control.type === "select-one" && !options.some((option) => option.defaultSelected);
      const isDefault = (option: (typeof options)[number], index: number) =>
        shownFirst ? index === 0 : option.defaultSelected;
      if (options.every((option, index) => option.selected === isDefault(option, index))) {
        return undefined;
      }
      const chosen = options.filter((option) => option.selected).map((option) => option.value);
      return control.type === "select-one" ? (chosen[0] ?? "") : chosen;
    }
    case "file":
      return undefined;
    default:
      return control.value === control.defaultValue ? undefined : control.value;
  }
}

/** The server-side props that show a field's default value without JavaScript. */
export function defaultProps(value: unknown): { defaultValue?: string; defaultChecked?: boolean } {
  if (typeof value === "boolean") return { defaultChecked: value };
  if (typeof value === "string" || typeof value === "number") return { defaultValue: String(value) };
  return {};
}

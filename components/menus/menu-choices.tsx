"use client";

import { use } from "react";
import { MENU_FIELD } from "./menu-field";

/** The states and categories of the brand's snapshot (empty when none could be read). */
export type MenuChoices = { states: string[]; categories: string[] };

interface MenuChoiceFieldsProps {
  choices: Promise<MenuChoices>;
}

interface ChoicesProps {
  name: string;
  legend: string;
  options: string[];
  hint: string;
}

/** The states and categories to choose from, once the snapshot is read. */
export function MenuChoiceFields({ choices }: MenuChoiceFieldsProps) {
  const { states, categories } = use(choices);
  return (
    <>
      <Choices name="states" legend="States" options={states} hint="Codes such as CA, NV" />
      <Choices
        name="categories"
        legend="Categories"
        options={categories}
        hint="Product types such as Edible: Chocolate"
      />
    </>
  );
}

/** Checkboxes of the snapshot's states or categories (none ticked: all), all in view; a text field when no snapshot could be read. */
function Choices({ name, legend, options, hint }: ChoicesProps) {
  if (options.length === 0)
    return (
      <label className="block text-sm font-semibold">
        {legend} <span className="font-normal">(comma-separated; empty: all)</span>
        <input name={`${name}Typed`} className={MENU_FIELD} placeholder={hint} />
      </label>
    );
  return (
    <fieldset className="text-sm">
      <legend className="font-semibold">
        {legend} <span className="font-normal">(none ticked: all)</span>
      </legend>
      <div className="mt-1 flex flex-wrap gap-x-4">
        {options.map((option) => (
          <label key={option} className="inline-flex min-h-11 items-center gap-2">
            <input type="checkbox" name={name} value={option} className="size-5" />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

import { h } from "../dom";
import { asksForRating, type PanelState } from "../state";
import { fill, STRINGS } from "../strings";

/**
 * The rating of a resolved conversation (record 122): five choices (each a toggle button, one pressed), an
 * optional comment, and Send; shown until the visitor rates, keyboard-usable like the rest of the panel.
 */
export function ratingView(s: PanelState, send: (score: number, comment: string) => void): HTMLElement | null {
  if (!asksForRating(s)) return null;
  let score = 0;
  const submit = h("button", { type: "submit", class: "text-btn rate-send", disabled: true, "data-f": "rate-send" }, STRINGS.sendRating);
  const choices = [1, 2, 3, 4, 5].map((n) =>
    h(
      "button",
      {
        type: "button",
        class: "rate-choice",
        "aria-pressed": "false",
        "aria-label": fill(STRINGS.ratingScore, { score: String(n) }),
        "data-score": String(n),
        onclick: () => {
          score = n;
          for (const c of choices) c.setAttribute("aria-pressed", String(c === choices[n - 1]));
          submit.disabled = false;
        },
      },
      String(n),
    ),
  );
  const comment = h("textarea", { id: "acp-rating-comment", rows: 2, maxlength: 1000, "data-f": "rate-comment" });
  const form = h(
    "form",
    { class: "rating", "data-testid": "widget-rating" },
    h("fieldset", {}, h("legend", {}, STRINGS.rateConversation), h("div", { class: "rate-choices" }, ...choices)),
    h("label", { for: "acp-rating-comment" }, STRINGS.ratingComment),
    comment,
    submit,
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (score > 0) send(score, comment.value);
  });
  return form;
}

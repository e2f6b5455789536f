import { describe, expect, it } from "vitest";
import { DEFAULT_LEAD_FORM, leadFormOf, leadFormSchema, readLead, type LeadForm } from "./lead-form";

const form: LeadForm = {
  fields: [
    { key: "name", label: "Name", type: "text", required: true },
    { key: "email", label: "E-mail", type: "email", required: false },
    { key: "phone", label: "Phone", type: "phone", required: false },
    { key: "company", label: "Company", type: "text", required: false },
  ],
  after_messages: 3,
  on_handoff: true,
  on_no_credits: false,
};

describe("the lead form", () => {
  it("reads the contact's columns and custom fields", () => {
    expect(readLead(form, { name: "Ada  Lovelace King", email: "ADA@Example.org", company: "Analytical" })).toEqual({
      ok: true,
      values: { email: "ada@example.org", phone: null, first_name: "Ada", last_name: "Lovelace King", custom: { company: "Analytical" }, fields: { name: "Ada  Lovelace King", email: "ada@example.org", company: "Analytical" } },
    });
  });

  it("refuses a missing required field, a bad e-mail or phone, and a form with no way to reach the visitor", () => {
    expect(readLead(form, { email: "x@y.z" })).toEqual({ ok: false, errors: { "fields.name": ["Name is required."] } });
    expect(readLead(form, { name: "A", email: "nope", phone: "abc" })).toEqual({ ok: false, errors: { "fields.email": ["E-mail must be an e-mail address."], "fields.phone": ["Phone must be a phone number."] } });
    expect(readLead(form, { name: "A" })).toEqual({ ok: false, errors: { fields: ["Leave an e-mail address or a phone number."] } });
    expect(readLead(form, "not an object")).toMatchObject({ ok: false });
  });

  it("a stored form that does not parse is the default one; a form must ask for an e-mail or phone, with unique keys", () => {
    expect(leadFormOf(null)).toEqual(DEFAULT_LEAD_FORM);
    expect(leadFormOf({ fields: [] })).toEqual(DEFAULT_LEAD_FORM);
    expect(leadFormOf(form)).toEqual(form);
    expect(leadFormSchema.safeParse({ ...form, fields: [{ key: "name", label: "Name", type: "text", required: true }] }).success).toBe(false);
    expect(leadFormSchema.safeParse({ ...form, fields: [...form.fields, form.fields[0]] }).success).toBe(false);
  });

  it("speaks the chatbot's language (record 117): the default form's labels and the checks' words", () => {
    expect(leadFormOf(null, "de").fields.map((f) => f.label)).toEqual(["Ihr Name", "Ihre E-Mail-Adresse"]);
    expect(leadFormOf(form, "de")).toEqual(form);
    expect(readLead(form, { email: "x@y.z" }, "de")).toEqual({ ok: false, errors: { "fields.name": ["Bitte füllen Sie „Name“ aus."] } });
    expect(readLead(form, { name: "A", email: "nope" }, "fr")).toEqual({ ok: false, errors: { "fields.email": ["Le champ «\u00a0E-mail\u00a0» doit contenir une adresse e-mail valide."] } });
    expect(readLead(form, { name: "A" }, "nl")).toEqual({ ok: false, errors: { fields: ["Laat een e-mailadres of telefoonnummer achter."] } });
  });
});

// The forms' valibot schemas (app/lib/schemas: fields, auth, contact, task, money), parsed as the pages parse them
// (conform on FormData): what each accepts, what it makes of it, and the exact message under each refused field
// (docs/product/messages.md).
import fc from "fast-check";
import * as v from "valibot";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CATEGORIES } from "~/lib/categories";
import { PAYMENT_SYSTEMS } from "~/lib/coins";
import { COUNTRY_NOT_LISTED, loginSchema, PASSWORD_TOO_SHORT, profileSchema, registerSchema } from "~/lib/schemas/auth";
import { contactSchema } from "~/lib/schemas/contact";
import { IMAGE_PATH, email, imageUrl, optionalText, requiredText, wholeNumber } from "~/lib/schemas/fields";
import { adjustCoinsSchema, purchaseSchema, rejectSchema, submissionSchema, withdrawSchema } from "~/lib/schemas/money";
import { addTaskSchema, updateTaskSchema } from "~/lib/schemas/task";
import { formErrors, formValue } from "./forms";

const IMAGE = "/images/0f8fad5b-d9cb-469f-a165-70867728950e.webp";
const messages = (schema: v.GenericSchema, input: unknown) =>
  v.safeParse(schema, input).issues?.map((i) => i.message) ?? [];

describe("fields", () => {
  it("requiredText trims, and refuses missing, blank and too long text with its messages", () => {
    const name = requiredText("Name is required", 5);
    expect(v.parse(name, "  Ada ")).toBe("Ada");
    expect(messages(name, "   ")).toEqual(["Name is required"]);
    expect(messages(name, undefined)).toEqual(["Name is required"]);
    expect(messages(name, "abcdef")).toEqual(["At most 5 characters"]);
    expect(v.parse(name, " abcde ")).toBe("abcde"); // the limit counts the trimmed text
  });

  it("optionalText gives '' for a missing field and caps the length", () => {
    const note = optionalText(3);
    expect(v.parse(note, undefined)).toBe("");
    expect(v.parse(note, " ab ")).toBe("ab");
    expect(messages(note, "abcd")).toEqual(["At most 3 characters"]);
  });

  it("wholeNumber reads form strings and JSON numbers, with a message for each way to get it wrong", () => {
    const workers = wholeNumber("Required", 1, "At least 1", 10_000);
    expect(v.parse(workers, "12")).toBe(12);
    expect(v.parse(workers, 12)).toBe(12);
    // decimal digits only, nothing around them: what Number() would also read is refused
    for (const text of [" 12 ", "0x10", "1e1", "+12", "12.0", "0b11", "Infinity"])
      expect(messages(workers, text), text).toEqual(["Invalid Input"]);
    expect(messages(workers, "")).toEqual(["Required"]);
    expect(messages(workers, "   ")).toEqual(["Required"]);
    expect(messages(workers, null)).toEqual(["Required"]);
    expect(messages(workers, "abc")[0]).toBe("Invalid Input");
    expect(messages(workers, "1.5")).toEqual(["Invalid Input"]);
    expect(messages(workers, "0")).toEqual(["At least 1"]);
    expect(messages(workers, "10001")).toEqual(["At most 10,000"]);
  });

  it("wholeNumber accepts every whole number in range, as text or number, and refuses every fraction", () => {
    const n = wholeNumber("Required", -50, "Too small", 1_000_000);
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 1_000_000 }), (x) => {
        expect(v.parse(n, x)).toBe(x);
        expect(v.parse(n, String(x))).toBe(x);
        expect(messages(n, ` ${x} `)).toEqual(["Invalid Input"]);
      }),
    );
    fc.assert(
      fc.property(
        fc.double({ min: -50, max: 1_000_000, noNaN: true }).filter((x) => !Number.isInteger(x)),
        (x) => messages(n, x)[0] === "Invalid Input",
      ),
    );
  });

  it("email trims, lowercases, and refuses what is not an address", () => {
    const e = email();
    expect(v.parse(e, "  Ada@Example.COM ")).toBe("ada@example.com");
    expect(messages(e, "")[0]).toBe("Email is required");
    expect(messages(e, "ada@")).toEqual(["Enter a valid email address"]);
    expect(messages(e, `${"a".repeat(250)}@b.co`)[0]).toBe("Email is too long");
    expect(messages(email("Your e-mail, please"), "")[0]).toBe("Your e-mail, please");
  });

  it("imageUrl keeps only our own uploads, stored as their path", () => {
    expect(v.parse(imageUrl, undefined)).toBe("");
    expect(v.parse(imageUrl, "")).toBe("");
    expect(v.parse(imageUrl, IMAGE)).toBe(IMAGE);
    expect(v.parse(imageUrl, `https://coinwork.example${IMAGE}`)).toBe(IMAGE);
    for (const bad of [
      "https://evil.example/x.png",
      "/images/../secrets.webp",
      "/images/0F8FAD5B-D9CB-469F-A165-70867728950E.webp",
      "/images/0f8fad5b-d9cb-469f-a165-70867728950e.svg",
      "javascript:alert(1)",
    ])
      expect(messages(imageUrl, bad), bad).toEqual(["Upload the image to Coinwork first"]);
  });

  it("any uploaded image's URL, on any host, round-trips to its path", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.constantFrom("png", "jpg", "gif", "webp"), fc.domain(), (uuid, ext, host) => {
        const stored = `/images/${uuid}.${ext}`;
        expect(IMAGE_PATH.test(stored)).toBe(true);
        expect(v.parse(imageUrl, `https://${host}${stored}`)).toBe(stored);
        expect(v.parse(imageUrl, v.parse(imageUrl, stored))).toBe(stored);
      }),
    );
  });
});

describe("login and register", () => {
  it("login: both fields required; the e-mail is normalised and redirectTo optional", () => {
    expect(formErrors(loginSchema, { email: "", password: "", redirectTo: "" })).toEqual({
      email: "Email is required",
      password: "Password is required",
    });
    expect(formValue(loginSchema, { email: " Buyer@Coinwork.dev ", password: "x", redirectTo: "" })).toEqual({
      email: "buyer@coinwork.dev",
      password: "x",
      redirectTo: "",
    });
  });

  it("register: every field's message when the form is sent empty", () => {
    expect(formErrors(registerSchema, { name: "", email: "", password: "", role: "", photo: "" })).toEqual({
      name: "Name is required",
      email: "Email is required",
      password: "Password is required",
      role: "Select a role",
    });
  });

  it("register: a password needs 12 characters and nothing of its characters (the common list is the server's)", () => {
    const form = { name: "Val", email: "val@e2e.test", role: "Worker", photo: "" };
    const passwordError = (password: string) => formErrors(registerSchema, { ...form, password }).password;
    expect(passwordError("abc")).toBe(PASSWORD_TOO_SHORT);
    // six characters with a capital and a symbol: the old rule's minimum, now too short
    expect(passwordError("Abcde!")).toBe(PASSWORD_TOO_SHORT);
    expect(passwordError("a".repeat(11))).toBe(PASSWORD_TOO_SHORT);
    for (const fine of ["a".repeat(12), "all lower case", "123456789012"])
      expect(formErrors(registerSchema, { ...form, password: fine })).toEqual({});
    expect(passwordError("x".repeat(201))).toBe("At most 200 characters");
  });

  it("register: nobody registers as an admin, and a photo must be our own upload", () => {
    const form = { name: "Val", email: "val@e2e.test", password: "Plum-Lantern-Rivet-7", photo: "" };
    expect(formErrors(registerSchema, { ...form, role: "Admin" })).toEqual({ role: "Select a role" });
    expect(formErrors(registerSchema, { ...form, role: "Buyer", photo: "https://elsewhere.example/me.png" })).toEqual({
      photo: "Upload the image to Coinwork first",
    });
    expect(formValue(registerSchema, { ...form, role: "Buyer", photo: IMAGE })).toEqual({
      name: "Val",
      email: "val@e2e.test",
      password: "Plum-Lantern-Rivet-7",
      role: "Buyer",
      photo: IMAGE,
    });
  });

  it("register and the profile: a country is optional, one of the list by its ISO code, in any case", () => {
    const form = { name: "Val", email: "val@e2e.test", password: "Plum-Lantern-Rivet-7", role: "Worker", photo: "" };
    expect(formValue(registerSchema, { ...form, country: "de" })).toMatchObject({ country: "DE" });
    expect(formValue(registerSchema, { ...form, country: "" })).not.toHaveProperty("country", expect.anything());
    for (const wrong of ["XX", "Germany", "DEU"])
      expect(formErrors(registerSchema, { ...form, country: wrong })).toEqual({ country: COUNTRY_NOT_LISTED });
    expect(formValue(profileSchema, { name: "Val", country: "BE" })).toEqual({ name: "Val", country: "BE" });
    expect(formErrors(profileSchema, { name: "Val", country: "Narnia" })).toEqual({ country: COUNTRY_NOT_LISTED });
  });

  it("register: any valid form is accepted, and its parsed value parses to itself", () => {
    // addresses of the shape valibot's email() accepts, in any case, with stray spaces around
    const address = fc
      .tuple(
        fc.stringMatching(/^[\w+-]{1,12}(\.[\w+-]{1,8}){0,2}$/),
        fc.stringMatching(/^[a-z\d]{1,12}([.-][a-z\d]{1,8}){0,2}\.[a-z]{2,6}$/),
        fc.boolean(),
        fc.constantFrom("", " ", "  "),
      )
      .map(([local, domain, upper, pad]) => `${pad}${upper ? local.toUpperCase() : local}@${domain}${pad}`);
    const password = fc.string({ minLength: 12, maxLength: 40 });
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 80 }).filter((s) => s.trim() !== ""),
        address,
        password,
        fc.constantFrom("Worker", "Buyer"),
        (name, mail, pass, role) => {
          const value = formValue(registerSchema, { name, email: mail, password: pass, role, photo: "" });
          expect(value.name).toBe(name.trim());
          expect(value.email).toBe(mail.trim().toLowerCase());
          expect(v.parse(registerSchema, value)).toEqual(value);
        },
      ),
    );
  });
});

describe("contact", () => {
  it("needs a name and an e-mail; subject and message are optional", () => {
    expect(formErrors(contactSchema, { name: "", email: "nope", subject: "", message: "" })).toEqual({
      name: "Name is required",
      email: "Enter a valid email address",
    });
    expect(formValue(contactSchema, { name: " Sam ", email: "SAM@x.io", subject: "", message: " Hi " })).toEqual({
      name: "Sam",
      email: "sam@x.io",
      subject: "",
      message: "Hi",
    });
    expect(
      formErrors(contactSchema, { name: "Sam", email: "sam@x.io", subject: "", message: "x".repeat(4001) }),
    ).toEqual({ message: "At most 4000 characters" });
  });
});

describe("tasks", () => {
  const NOW = Date.UTC(2026, 5, 15, 12);
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const task = {
    task_title: "Proofread a paragraph",
    task_detail: "Fix the spelling.",
    required_workers: "3",
    payable_amount: "30",
    completion_date: "2026-06-15",
    submission_info: "The corrected text",
    category: "Content Writing",
    task_image_url: "",
    estimate_minutes: "10",
  };
  const empty = Object.fromEntries(Object.keys(task).map((k) => [k, ""]));

  it("Add Task: every field's message when the form is sent empty", () => {
    expect(formErrors(addTaskSchema, empty)).toEqual({
      task_title: "Task Title is required",
      task_detail: "Task detail is required",
      required_workers: "Minimum 1 worker is required",
      payable_amount: "Minimum amount is 1",
      completion_date: "Completion date is required",
      submission_info: "Submission info is required",
      category: "Category is required",
      estimate_minutes: "Time estimate is required",
    });
  });

  it("Update Task says the same rules in its own words, and the detail may be empty", () => {
    expect(formErrors(updateTaskSchema, empty)).toEqual({
      task_title: "Task title is required",
      required_workers: "Must be at least 1 worker",
      payable_amount: "Amount must be greater than 0",
      completion_date: "Completion date is required",
      submission_info: "Submission info is required",
      category: "Category is required",
      estimate_minutes: "Time estimate is required",
    });
    expect(formErrors(updateTaskSchema, { ...task, required_workers: "0", payable_amount: "0" })).toEqual({
      required_workers: "Must be at least 1 worker",
      payable_amount: "Amount must be greater than 0",
    });
  });

  it("numbers: zero, fractions, text and the upper bounds", () => {
    expect(formErrors(addTaskSchema, { ...task, required_workers: "0", payable_amount: "0" })).toEqual({
      required_workers: "Minimum 1 worker is required",
      payable_amount: "Minimum amount is 1",
    });
    expect(formErrors(addTaskSchema, { ...task, required_workers: "2.5", payable_amount: "ten" })).toEqual({
      required_workers: "Invalid Input",
      payable_amount: "Invalid Input",
    });
    expect(formErrors(addTaskSchema, { ...task, required_workers: "10001", payable_amount: "100001" })).toEqual({
      required_workers: "At most 10,000",
      payable_amount: "At most 100,000",
    });
  });

  it("the completion date may be today (UTC) but not before, and must be written YYYY-MM-DD", () => {
    expect(formErrors(addTaskSchema, { ...task, completion_date: "2026-06-15" })).toEqual({});
    expect(formErrors(addTaskSchema, { ...task, completion_date: "2026-06-14" })).toEqual({
      completion_date: "Completion date cannot be in the past",
    });
    expect(formErrors(addTaskSchema, { ...task, completion_date: "15/06/2026" })).toEqual({
      completion_date: "Completion date is required",
    });
    expect(formErrors(updateTaskSchema, { ...task, completion_date: "2026-6-30" })).toEqual({
      completion_date: "Completion date is required",
    });
  });

  it("the category is one of the nine", () => {
    expect(formErrors(addTaskSchema, { ...task, category: "Gardening" })).toEqual({
      category: "Category is required",
    });
    for (const category of CATEGORIES) expect(formErrors(addTaskSchema, { ...task, category })).toEqual({});
  });

  it("a valid task parses to numbers, and its parsed value parses to itself (form and REST agree)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 3650 }),
        fc.constantFrom(...CATEGORIES),
        (workers, pay, daysAhead, category) => {
          const completion_date = new Date(NOW + daysAhead * 86_400_000).toISOString().slice(0, 10);
          const fields = {
            ...task,
            required_workers: String(workers),
            payable_amount: String(pay),
            completion_date,
            category,
          };
          for (const schema of [addTaskSchema, updateTaskSchema]) {
            const value = formValue(schema, fields);
            expect(value).toMatchObject({ required_workers: workers, payable_amount: pay, completion_date, category });
            expect(v.parse(schema, value)).toEqual(value);
          }
        },
      ),
    );
  });
});

describe("money forms", () => {
  it("withdraw: every field's message, and the payment systems offered", () => {
    expect(formErrors(withdrawSchema, { withdrawal_coin: "", payment_system: "", account_number: "" })).toEqual({
      withdrawal_coin: "Coins to withdraw are required",
      payment_system: "Select a payment system",
      account_number: "Account number is required",
    });
    expect(
      formErrors(withdrawSchema, { withdrawal_coin: "0", payment_system: "PayPal", account_number: "x".repeat(65) }),
    ).toEqual({
      withdrawal_coin: "Minimum 1 coin",
      payment_system: "Select a payment system",
      account_number: "At most 64 characters",
    });
    expect(PAYMENT_SYSTEMS).toEqual(["Bkash", "Rocket", "Nagad", "Bank", "Others"]);
  });

  it("withdraw: the account is checked per payment system, on the form and the API alike", () => {
    const request = (payment_system: string, account_number: string, bank: Record<string, string> = {}) => ({
      withdrawal_coin: "200",
      payment_system,
      account_number,
      ...bank,
    });
    // the mobile wallets take a Bangladeshi mobile number: 11 digits starting 01, spaces and dashes dropped
    for (const wallet of ["Bkash", "Rocket", "Nagad"]) {
      expect(formValue(withdrawSchema, request(wallet, " 017-1234 5678 "))).toEqual({
        withdrawal_coin: 200,
        payment_system: wallet,
        account_number: "01712345678",
        bank_name: null,
        bank_branch: null,
      });
      for (const wrong of ["abc", "1712345678", "0171234567", "017123456789", "02712345678", "0171234567x"])
        expect(formErrors(withdrawSchema, request(wallet, wrong)), wrong).toEqual({
          account_number: `Enter the 11-digit ${wallet} number, starting 01`,
        });
    }
    // a bank needs the account number, the bank and its branch or routing number
    expect(formErrors(withdrawSchema, request("Bank", "abc"))).toEqual({
      account_number: "Enter the bank account number: 6 to 20 digits",
      bank_name: "Bank name is required",
      bank_branch: "Branch or routing number is required",
    });
    expect(
      formValue(withdrawSchema, request("Bank", "1234 5678 9012", { bank_name: " DBBL ", bank_branch: "Gulshan" })),
    ).toEqual({
      withdrawal_coin: 200,
      payment_system: "Bank",
      account_number: "123456789012",
      bank_name: "DBBL",
      bank_branch: "Gulshan",
    });
    // Others: words that name the service and the account; bank details sent along are not kept
    expect(formErrors(withdrawSchema, request("Others", "abc"))).toEqual({
      account_number: "Write the service and your account on it",
    });
    expect(
      formValue(withdrawSchema, request("Others", "PayPal: me@example.com", { bank_name: "X", bank_branch: "Y" })),
    ).toEqual({
      withdrawal_coin: 200,
      payment_system: "Others",
      account_number: "PayPal: me@example.com",
      bank_name: null,
      bank_branch: null,
    });
  });

  it("purchase: only a package on the price list", () => {
    expect(formErrors(purchaseSchema, { coins: "" })).toEqual({ coins: "Choose a package" });
    expect(formErrors(purchaseSchema, { coins: "0" })).toEqual({ coins: "Choose a package" });
    expect(formErrors(purchaseSchema, { coins: "11" })).toEqual({ coins: "Unknown coin package" });
    for (const coins of [10, 150, 500, 1000])
      expect(formValue(purchaseSchema, { coins: String(coins) })).toEqual({ coins });
  });

  it("submission: the task and the text are required, the image is optional", () => {
    expect(formErrors(submissionSchema, { task_id: "", submission_details: "", submission_image_url: "" })).toEqual({
      task_id: "Task is required",
      submission_details: "Submission text is required",
    });
    expect(
      formErrors(submissionSchema, { task_id: "t1", submission_details: " \n\t ", submission_image_url: IMAGE }),
    ).toEqual({ submission_details: "Submission text is required" });
    expect(
      formValue(submissionSchema, { task_id: "t1", submission_details: " done ", submission_image_url: IMAGE }),
    ).toEqual({ task_id: "t1", submission_details: "done", submission_image_url: IMAGE });
    expect(
      formErrors(submissionSchema, { task_id: "t1", submission_details: "x".repeat(4001), submission_image_url: "" }),
    ).toEqual({ submission_details: "At most 4000 characters" });
  });

  it("reject: the reason is optional and capped", () => {
    expect(formValue(rejectSchema, { reason: "" })).toEqual({ reason: "" });
    expect(formErrors(rejectSchema, { reason: "x".repeat(501) })).toEqual({ reason: "At most 500 characters" });
  });

  it("adjust coins: a non-zero whole number and a reason", () => {
    expect(formErrors(adjustCoinsSchema, { addcoin: "", reason: "" })).toEqual({
      addcoin: "addcoin is required",
      reason: "A reason is required",
    });
    expect(formErrors(adjustCoinsSchema, { addcoin: "0", reason: "bonus" })).toEqual({
      addcoin: "addcoin cannot be 0",
    });
    expect(formErrors(adjustCoinsSchema, { addcoin: "-10000001", reason: "x" })).toEqual({
      addcoin: "Invalid Input",
    });
    expect(formValue(adjustCoinsSchema, { addcoin: "-25", reason: " overpaid " })).toEqual({
      addcoin: -25,
      reason: "overpaid",
    });
  });
});

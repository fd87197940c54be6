// The part of mjml's API we use (the package ships no types).
declare module "mjml" {
  interface MjmlResult {
    html: string;
    errors: { formattedMessage: string }[];
  }
  export default function mjml2html(
    input: string,
    options?: { validationLevel?: "strict" | "soft" | "skip"; minify?: boolean; keepComments?: boolean },
  ): MjmlResult | Promise<MjmlResult>;
}

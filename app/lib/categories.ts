export const CATEGORIES = [
  "Video Engagement",
  "Content Writing",
  "Translation",
  "Image Handling",
  "App & Website Testing",
  "Creative Design",
  "Data Entry",
  "SEO & Marketing",
  "Survey & Feedback",
] as const;
export type Category = (typeof CATEGORIES)[number];

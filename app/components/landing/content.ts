// Static content of the public pages: its structure, links and artwork (public/images, made for Coinwork; WebP,
// sized); its words are in the catalogues (public namespace, app/lib/i18n/catalogues/).

/** A hero slide's words in the catalogue (public `hero.<words>.eyebrow`, `.title`, `.text`, `.cta`, `.secondary`, `.alt`). */
export type HeroWords = "bestJobs" | "opportunities" | "people";

export interface HeroSlide {
  id: string;
  words: HeroWords;
  /** where its main button and its second one lead */
  cta: string;
  secondary: string;
  /** the artwork's path without its width and extension (`-720.webp`) */
  image: string;
}

/** The three hero slides of the landing page: best jobs; endless opportunities in one platform; real people, fast. */
export const HERO_SLIDES: HeroSlide[] = [
  { id: "best-jobs", words: "bestJobs", cta: "/browse", secondary: "/register", image: "/images/hero/hero-jobs" },
  {
    id: "endless-opportunities",
    words: "opportunities",
    cta: "/register",
    secondary: "/about",
    image: "/images/hero/hero-platform",
  },
  {
    id: "real-people-fast",
    words: "people",
    cta: "/dashboard/addtask",
    secondary: "/faq",
    image: "/images/hero/hero-people",
  },
];

/** A testimonial's words in the catalogue (public `testimonial.<id>.title`, `.description`, `.job`). */
export type TestimonialId = "designer" | "student" | "marketing" | "admin" | "parttime";

export interface Testimonial {
  id: TestimonialId;
  /** the person's name, written as they write it */
  name: string;
  image: string;
}

/** Five stories: freelance designer, student, marketing manager, platform admin, part-time worker. */
export const TESTIMONIALS: Testimonial[] = [
  { id: "designer", name: "Maya Thompson", image: "/images/testimonials/testimonial-designer.webp" },
  { id: "student", name: "Daniel Okafor", image: "/images/testimonials/testimonial-student.webp" },
  { id: "marketing", name: "Sofia Martinez", image: "/images/testimonials/testimonial-marketing.webp" },
  { id: "admin", name: "Arjun Rao", image: "/images/testimonials/testimonial-admin.webp" },
  { id: "parttime", name: "Lena Fischer", image: "/images/testimonials/testimonial-parttime.webp" },
];

/** How to reach Coinwork: the numbers and addresses themselves (the words around them are in the catalogue). */
export const CONTACT = {
  phone: "+1 (555) 014-2020",
  phoneHref: "tel:+15550142020",
  email: "support@coinwork.dev",
  address: "500 Congress Ave, Austin, TX 78701, United States",
  mapLink: "https://www.openstreetmap.org/?mlat=30.2676&mlon=-97.7431#map=16/30.2676/-97.7431",
};

// Static content of the public pages. Artwork lives in public/images (made for Coinwork; WebP, sized).

export interface HeroSlide {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  cta: { to: string; label: string };
  secondary?: { to: string; label: string };
  image: { base: string; alt: string };
}

/** The three hero slides of the landing page: best jobs; endless opportunities in one platform; real people, fast. */
export const HERO_SLIDES: HeroSlide[] = [
  {
    id: "best-jobs",
    eyebrow: "For workers",
    title: "Find the best micro-jobs and earn real coins",
    text: "Pick tasks that fit your skills, finish them in minutes and withdraw your coins as money.",
    cta: { to: "/browse", label: "Browse tasks" },
    secondary: { to: "/register", label: "Join for free" },
    image: {
      base: "/images/hero/hero-jobs",
      alt: "A smiling worker at a laptop surrounded by task cards that pay coins",
    },
  },
  {
    id: "endless-opportunities",
    eyebrow: "One platform",
    title: "Endless opportunities in one platform",
    text: "Video, writing, translation, testing, design, data entry and more: nine categories, new tasks every day.",
    cta: { to: "/register", label: "Create your account" },
    secondary: { to: "/about", label: "How Coinwork works" },
    image: {
      base: "/images/hero/hero-platform",
      alt: "A phone listing open tasks by category, surrounded by category icons",
    },
  },
  {
    id: "real-people-fast",
    eyebrow: "For buyers",
    title: "Get tasks done by real people, fast",
    text: "Post a task, set the pay per worker and watch submissions arrive. You review each one and pay only for results.",
    cta: { to: "/dashboard/addtask", label: "Post a task" },
    secondary: { to: "/faq", label: "Read the FAQ" },
    image: {
      base: "/images/hero/hero-people",
      alt: "Three people with check marks beside a finished task and a stopwatch",
    },
  },
];

export interface Testimonial {
  id: string;
  title: string;
  description: string;
  name: string;
  job: string;
  image: string;
}

/** Five stories: freelance designer, student, marketing manager, platform admin, part-time worker. */
export const TESTIMONIALS: Testimonial[] = [
  {
    id: "designer",
    title: "Steady side income between clients",
    description:
      "I fill the quiet weeks between design clients with short review and feedback tasks. Every submission is reviewed by a real buyer, and I'm paid within days of approval.",
    name: "Maya Thompson",
    job: "Freelance designer",
    image: "/images/testimonials/testimonial-designer.webp",
  },
  {
    id: "student",
    title: "Fits around my lectures",
    description:
      "Between classes I do surveys and app tests on my phone. Coins from approved work land within days, and I withdraw once I pass 200.",
    name: "Daniel Okafor",
    job: "Student",
    image: "/images/testimonials/testimonial-student.webp",
  },
  {
    id: "marketing",
    title: "Real feedback in an afternoon",
    description:
      "We post a task in the morning and have honest feedback from real people by lunch. I review every submission before paying, so we only pay for useful work.",
    name: "Sofia Martinez",
    job: "Marketing manager",
    image: "/images/testimonials/testimonial-marketing.webp",
  },
  {
    id: "admin",
    title: "Fair for both sides",
    description:
      "Every submission is reviewed before coins move, and escrow means workers are paid within days of approval. Withdrawals are checked by a person, never a bot.",
    name: "Arjun Rao",
    job: "Platform admin",
    image: "/images/testimonials/testimonial-admin.webp",
  },
  {
    id: "parttime",
    title: "Extra money on my own schedule",
    description:
      "I work part-time and pick up tasks in the evenings. My work is always reviewed fairly, and the coins reach my account within days.",
    name: "Lena Fischer",
    job: "Part-time worker",
    image: "/images/testimonials/testimonial-parttime.webp",
  },
];

export const CONTACT = {
  phone: "+1 (555) 014-2020",
  phoneHref: "tel:+15550142020",
  email: "support@coinwork.dev",
  address: "500 Congress Ave, Austin, TX 78701, United States",
  city: "Austin, United States",
  mapLink: "https://www.openstreetmap.org/?mlat=30.2676&mlon=-97.7431#map=16/30.2676/-97.7431",
};

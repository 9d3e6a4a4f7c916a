/** A showcase's or a team's own logo: the uploaded picture in the sizes the pages show. */
export interface CustomLogo {
  active: boolean;
  baseLink: string;
  sizes: { width: number; height: number; link: string }[];
}

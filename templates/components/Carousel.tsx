import { createContext, useContext, type ReactNode } from 'react';

/** Whether a part is rendered inside a <Carousel>. */
const InsideCarousel = createContext(false);

/**
 * A carousel's frame, which the carousel widget enhances (docs/behaviour.md#brands-reviews-and-location):
 * its track and slides are its parts, and a part rendered anywhere else fails the build naming
 * the template (ruling 12), as the widget refuses one at run time.
 */
export function Carousel({ children }: { children: ReactNode }) {
  return (
    <InsideCarousel.Provider value={true}>
      <div className="carousel" data-carousel="">
        {children}
      </div>
    </InsideCarousel.Provider>
  );
}

function useInsideCarousel(part: string): void {
  if (!useContext(InsideCarousel)) throw new Error(`<${part}> was used outside <Carousel>`);
}

/** The row of slides: focusable, so that keyboard users can scroll it when the widget's script is not there. */
export function CarouselTrack({
  className,
  labelledBy,
  children,
}: {
  className: string;
  labelledBy: string;
  children: ReactNode;
}) {
  useInsideCarousel('CarouselTrack');
  return (
    <ul className={className} data-carousel-track="" tabIndex={0} aria-labelledby={labelledBy}>
      {children}
    </ul>
  );
}

/** One slide of the track. */
export function CarouselSlide({ className, children }: { className: string; children: ReactNode }) {
  useInsideCarousel('CarouselSlide');
  return (
    <li className={className} tabIndex={0}>
      {children}
    </li>
  );
}

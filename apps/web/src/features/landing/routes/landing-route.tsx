import { lazy, Suspense } from 'react';
import { HeroSection } from '../components/hero-section';

// The hero is all a first screen shows; the sections below it (campaign slider with its data
// fetching, criteria, carousels) come in a second chunk so the first load stays small.
const loadSections = () => import('../components/landing-sections');
const LandingSections = lazy(loadSections);

/** A server-rendered landing page hydrates its sections too: their chunk comes first. */
export const preload = loadSections;

/** The landing page (/): hero, campaign slider and the sections below it. */
export function Component() {
  return (
    <>
      <HeroSection />
      {/* The placeholder keeps the footer below the fold until the sections arrive. */}
      <Suspense fallback={<div className="min-h-dvh" />}>
        <LandingSections />
      </Suspense>
    </>
  );
}

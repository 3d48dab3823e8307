import { AdviceSection } from './advice-section';
import { BenefitsCarousel } from './benefits-carousel';
import { CampaignSlider } from './campaign-slider';
import { CriteriaSection } from './criteria-section';
import { OpenAppeals } from './open-appeals';
import { PastEventsCarousel } from './past-events-carousel';
import { StockBoard } from './stock-board';

/** Everything below the hero; loaded as its own chunk while the hero paints. */
export default function LandingSections() {
  return (
    <>
      <CampaignSlider />
      <OpenAppeals />
      <StockBoard />
      <CriteriaSection />
      <BenefitsCarousel />
      <AdviceSection />
      <PastEventsCarousel />
    </>
  );
}

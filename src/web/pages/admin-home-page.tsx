import { AdminSubPage } from '../components/layout/admin-sub-page';
import { Card } from '../components/ui/card';
import { StatsEditor } from '../features/home-page/stats-editor';
import { TestimonialsEditor } from '../features/home-page/testimonials-editor';

/** /admin/home-page: the home page's own content, the Rally in Numbers tiles and the Rallier Stories. */
export default function AdminHomePage() {
  return (
    <AdminSubPage title="Home page content" intro="The Rally in Numbers tiles and the Rallier Stories carousel on the home page.">
      <div className="space-y-8">
        <section aria-labelledby="stats-heading">
          <h2 id="stats-heading" className="mb-3 text-xl font-bold text-navy-900">
            Rally in Numbers
          </h2>
          <Card className="p-4 sm:p-5">
            <StatsEditor />
          </Card>
        </section>
        <section aria-labelledby="stories-heading">
          <h2 id="stories-heading" className="mb-3 text-xl font-bold text-navy-900">
            Rallier Stories
          </h2>
          <TestimonialsEditor />
        </section>
      </div>
    </AdminSubPage>
  );
}

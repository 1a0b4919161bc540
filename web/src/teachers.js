// The teachers' guide (web/teachers.html): a static page in both languages; only the lab's styles.
import './styles.css';
